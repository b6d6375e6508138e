/**
 * What the regional providers (Kakao, LINE, Mail.ru, Naver, Vipps, VK,
 * WeChat, Yandex) and the others of this family (Mailchimp, Webex,
 * WordPress.com, Zoho) really answer, written from their API documentation
 * (field names, nesting, types; values invented): userinfo/profile
 * responses, token responses where they are not RFC 6749's, and ID token or
 * userinfo claims of the OpenID Connect ones.
 */

const NOW = 1_750_000_000

/** Kakao `GET /v2/user/me` with the nickname, image and e-mail consent items. */
export const KAKAO_USER = {
  id: 123456789,
  connected_at: "2022-04-11T01:45:28Z",
  properties: {
    nickname: "라이언",
    profile_image: "http://k.kakaocdn.net/dn/profile_640x640.jpg",
    thumbnail_image: "http://k.kakaocdn.net/dn/profile_110x110.jpg",
  },
  kakao_account: {
    profile_nickname_needs_agreement: false,
    profile_image_needs_agreement: false,
    profile: {
      nickname: "라이언",
      thumbnail_image_url: "http://k.kakaocdn.net/dn/profile_110x110.jpg",
      profile_image_url: "http://k.kakaocdn.net/dn/profile_640x640.jpg",
      is_default_image: false,
      is_default_nickname: false,
    },
    has_email: true,
    email_needs_agreement: false,
    is_email_valid: true,
    is_email_verified: true,
    email: "ryan@kakao.com",
  },
}

/** Kakao's token answer (https://developers.kakao.com/docs/latest/en/kakaologin/rest-api#request-token-response). */
export const KAKAO_TOKENS = {
  token_type: "bearer",
  access_token: "fKkfLhYcVpBq0Yf7rU5tIwB0Y0B5QnW7AAAAAQo9dJcAAAGG3bS5",
  expires_in: 43199,
  refresh_token: "cO8qFHG0s-Fi8QAAAYbdtLkCPg8zYlBsGbIvxkAAAAGG3bS5AAA",
  refresh_token_expires_in: 5183999,
  scope: "account_email profile_image profile_nickname",
}

/** LINE's ID token claims with the `profile openid email` scopes. */
export const LINE_CLAIMS = {
  iss: "https://access.line.me",
  sub: "U1234567890abcdef1234567890abcdef",
  aud: "1234567890",
  exp: NOW + 3600,
  iat: NOW,
  amr: ["pwd"],
  name: "Taro Line",
  picture: "https://profile.line-scdn.net/0h1234567890abcdef",
  email: "taro.line@example.com",
}

/** Mailchimp's token answer: no token_type, `expires_in: 0` (never expires), `scope: null`. */
export const MAILCHIMP_TOKENS = { access_token: "5c6ccc561059aa386da9d112215bae55", expires_in: 0, scope: null }

/** Mailchimp `GET /oauth2/metadata`. */
export const MAILCHIMP_METADATA = {
  dc: "us19",
  role: "owner",
  accountname: "Freddie's Jokes",
  user_id: 12345678,
  login: {
    email: "freddie@example.com",
    avatar: null,
    login_id: 87654321,
    login_name: "freddie",
    login_email: "freddie@example.com",
  },
  login_url: "https://login.mailchimp.com",
  api_endpoint: "https://us19.api.mailchimp.com",
}

/** Mail.ru `GET /userinfo`. */
export const MAILRU_USER = {
  id: "8125348756349",
  client_id: "8b3e4b0a8f5a4a4bb2e9f6f8d3f0a1c2",
  gender: "m",
  name: "Ivan Petrov",
  nickname: "ivan.petrov",
  email: "ivan.petrov@mail.ru",
  first_name: "Ivan",
  last_name: "Petrov",
  locale: "ru_RU",
  birthday: "01.02.1990",
  image: "https://filin.mail.ru/pic?d=abc123&width=180&height=180",
}

/** Naver `GET /v1/nid/me`. */
export const NAVER_USER = {
  resultcode: "00",
  message: "success",
  response: {
    id: "32742776",
    nickname: "OpenAPI",
    name: "오픈 API",
    email: "openapi@naver.com",
    gender: "F",
    age: "40-49",
    birthday: "10-01",
    profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
    birthyear: "1900",
    mobile: "010-0000-0000",
  },
}

/** Vipps userinfo with the `openid name email` scopes. */
export const VIPPS_USERINFO = {
  sub: "c06c4afe-d9e1-4c5d-939a-177d752a0944",
  sid: "7d78a726-af92-499e-b857-de263ef9a969",
  name: "Ada Lovelace",
  given_name: "Ada",
  family_name: "Lovelace",
  email: "ada.lovelace@example.no",
  email_verified: true,
}

/** VK's token answer: the `email` beside the token, no token_type. */
export const VK_TOKENS = {
  access_token: "vk1.a.533bacf01e11f55b536a565b57531ac114461ae8736d6506a3",
  expires_in: 86399,
  user_id: 8492,
  email: "durov@example.com",
}

/** VK `users.get?fields=photo_100`. */
export const VK_USERS_GET = {
  response: [
    {
      id: 8492,
      first_name: "Pavel",
      last_name: "Durov",
      photo_100: "https://sun1-99.userapi.com/s/v1/ig2/abc.jpg?size=100x100&quality=96&crop=0,0,400,400&ava=1",
      can_access_closed: true,
      is_closed: false,
    },
  ],
}

/** Webex `GET /v1/people/me`. */
export const WEBEX_PERSON = {
  id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
  emails: ["john.andersen@example.com"],
  phoneNumbers: [{ type: "work", value: "+1 408 526 7209", primary: true }],
  displayName: "John Andersen",
  nickName: "John",
  firstName: "John",
  lastName: "Andersen",
  avatar:
    "https://1efa7a94ed216783e352-c62266528714497a17239ececf39e9e2.ssl.cf1.rackcdn.com/V1~54c844c89e678e5a7b16a306f7f4dc76~2ff9f4a6d8c74e9a9b0b8c7f2c6e2d1d",
  orgId: "Y2lzY29zcGFyazovL3VzL09SR0FOSVpBVElPTi85NmFiYzJhYS0zZGNjLTExZTUtYTE1Mi1mZTM0ODE5Y2RjOWE",
  created: "2015-10-18T14:26:16.000Z",
  lastModified: "2015-10-18T14:26:16.000Z",
  status: "active",
  type: "person",
}

/** WeChat's token answer (no token_type). */
export const WECHAT_TOKENS = {
  access_token: "ACCESS_TOKEN_74_abcdef",
  expires_in: 7200,
  refresh_token: "REFRESH_TOKEN_74_abcdef",
  openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
  scope: "snsapi_userinfo",
  unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
}

/** WeChat `GET /sns/userinfo`. */
export const WECHAT_USER = {
  openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
  nickname: "Band",
  sex: 1,
  province: "Guangdong",
  city: "Guangzhou",
  country: "CN",
  headimgurl: "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/0",
  privilege: ["PRIVILEGE1", "PRIVILEGE2"],
  unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
}

/** WordPress.com `GET /rest/v1/me`. */
export const WORDPRESS_ME = {
  ID: 18342963,
  display_name: "Ada Lovelace",
  username: "adalovelace",
  email: "ada@example.com",
  primary_blog: 113014041,
  primary_blog_url: "https://adalovelace.wordpress.com",
  language: "en",
  locale_variant: "",
  token_site_id: false,
  token_scope: ["auth"],
  avatar_URL: "https://0.gravatar.com/avatar/8f2c1a2b3c4d5e6f7a8b9c0d1e2f3a4b?s=96&d=identicon",
  profile_URL: "https://gravatar.com/adalovelace",
  verified: true,
  email_verified: true,
  date: "2010-11-10T15:39:52+00:00",
  site_count: 1,
  visible_site_count: 1,
  has_unseen_notes: false,
  newest_note_type: "",
  phone_account: false,
}

/** Yandex `GET https://login.yandex.ru/info?format=json` with login:info, login:email and login:avatar. */
export const YANDEX_USER = {
  id: "1000034426",
  login: "ivan",
  client_id: "4760187d81bc4b7799476b42b5103713",
  display_name: "Ivan",
  real_name: "Ivan Ivanov",
  first_name: "Ivan",
  last_name: "Ivanov",
  sex: "male",
  default_email: "test@yandex.ru",
  emails: ["test@yandex.ru", "other-test@yandex.ru"],
  is_avatar_empty: false,
  default_avatar_id: "131652443/kGgP6EA4YPcJ2bNjV5fYk0Xh1s-1",
  birthday: "1987-03-12",
  psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
}

/** Zoho `GET /oauth/user/info`. */
export const ZOHO_USER = { First_Name: "Patricia", Email: "patricia.boyle@zylker.com", Last_Name: "Boyle", Display_Name: "patricia.boyle", ZUID: 87165488 }
