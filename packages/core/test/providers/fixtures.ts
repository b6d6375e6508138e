/**
 * What each catalog provider really answers, written from its API
 * documentation (field names, nesting, types; values invented): the
 * userinfo/profile response of OAuth 2 providers, the ID token (or
 * userinfo) claims of OpenID Connect providers, and the user each
 * provider's `profile()` must make of it.
 */

const NOW = 1_750_000_000

/** GitHub `GET /user` of a user whose e-mail is private. */
export const GITHUB_USER = {
  login: "octocat",
  id: 583231,
  node_id: "MDQ6VXNlcjU4MzIzMQ==",
  avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
  gravatar_id: "",
  url: "https://api.github.com/users/octocat",
  html_url: "https://github.com/octocat",
  type: "User",
  site_admin: false,
  name: "The Octocat",
  company: "@github",
  blog: "https://github.blog",
  location: "San Francisco",
  email: null,
  hireable: null,
  bio: null,
  twitter_username: null,
  public_repos: 8,
  public_gists: 8,
  followers: 21000,
  following: 9,
  created_at: "2011-01-25T18:44:36Z",
  updated_at: "2025-01-01T00:00:00Z",
}

/** GitHub `GET /user/emails`: an unverified primary would be refused; here the verified primary wins. */
export const GITHUB_EMAILS = [
  { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
  { email: "Octocat@GitHub.com", primary: true, verified: true, visibility: "private" },
  { email: "old@example.com", primary: false, verified: false, visibility: null },
]

export const GOOGLE_CLAIMS = {
  iss: "https://accounts.google.com",
  azp: "1234987819200.apps.googleusercontent.com",
  aud: "1234987819200.apps.googleusercontent.com",
  sub: "110169484474386276334",
  hd: "example.com",
  email: "ada@example.com",
  email_verified: true,
  at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
  name: "Ada Lovelace",
  picture: "https://lh3.googleusercontent.com/a/ACg8ocJ-ada=s96-c",
  given_name: "Ada",
  family_name: "Lovelace",
  iat: NOW,
  exp: NOW + 3600,
}

export const APPLE_CLAIMS = {
  iss: "https://appleid.apple.com",
  aud: "com.example.web",
  exp: NOW + 600,
  iat: NOW,
  sub: "001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.1234",
  at_hash: "lT1TRdO-v2nL4jz9Qn3Y_A",
  email: "x7h2kqz9rv@privaterelay.appleid.com",
  email_verified: "true",
  is_private_email: "true",
  auth_time: NOW,
  nonce_supported: true,
  real_user_status: 2,
}

/** Apple's first-authorization `user` form field, as posted (JSON text). */
export const APPLE_USER_FIELD = JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email: "x7h2kqz9rv@privaterelay.appleid.com" })

export const ENTRA_CLAIMS = {
  aud: "6cb04018-a3f5-46a7-b995-940c78f5aef3",
  iss: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
  iat: NOW,
  nbf: NOW,
  exp: NOW + 3600,
  name: "Ada Lovelace",
  oid: "00000000-0000-0000-66f3-3332eca7ea81",
  preferred_username: "ada@contoso.onmicrosoft.com",
  email: "Ada@Contoso.com",
  rh: "I",
  sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
  tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
  uti: "fqiBqXLPj0eQa82S-IYFAA",
  ver: "2.0",
}

export const DISCORD_USER = {
  id: "80351110224678912",
  username: "nelly",
  discriminator: "0",
  global_name: "Nelly",
  avatar: "8342729096ea3675442027381ff50dfe",
  verified: true,
  email: "nelly@discord.com",
  flags: 64,
  banner: "06c16474723fe537c283b8efa61a30c8",
  accent_color: 16711680,
  premium_type: 1,
  public_flags: 64,
  mfa_enabled: true,
  locale: "en-US",
  avatar_decoration_data: null,
}

export const GITLAB_USER = {
  id: 1,
  username: "john_smith",
  email: "john@example.com",
  name: "John Smith",
  state: "active",
  locked: false,
  avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1/avatar.png",
  web_url: "https://gitlab.com/john_smith",
  created_at: "2012-05-23T08:00:58Z",
  bio: "",
  location: "",
  public_email: "john@example.com",
  website_url: "",
  organization: "",
  job_title: "",
  pronouns: null,
  bot: false,
  last_sign_in_at: "2012-06-01T11:41:01Z",
  confirmed_at: "2012-05-23T09:05:22Z",
  two_factor_enabled: true,
  external: false,
  private_profile: false,
  commit_email: "john@example.com",
}

export const FACEBOOK_USER = {
  id: "10224484000000000",
  name: "Ada Lovelace",
  email: "ada@example.com",
  picture: {
    data: {
      height: 50,
      is_silhouette: false,
      url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224484000000000&height=50&width=50&ext=1750000000&hash=AbC",
      width: 50,
    },
  },
}

export const LINKEDIN_CLAIMS = {
  iss: "https://www.linkedin.com/oauth",
  aud: "86abcdefgh1234",
  iat: NOW,
  exp: NOW + 3600,
  sub: "782bbtaQ",
  name: "John Doe",
  given_name: "John",
  family_name: "Doe",
  picture: "https://media.licdn.com/dms/image/C5F03AQHqK8v/profile-displayphoto-shrink_100_100/0/",
  locale: "en-US",
  email: "doe@email.com",
  email_verified: true,
}

export const SLACK_CLAIMS = {
  iss: "https://slack.com",
  sub: "U0R7JM",
  aud: "25259531569.1115258246291",
  exp: NOW + 3600,
  iat: NOW,
  auth_time: NOW,
  at_hash: "abc...123",
  "https://slack.com/team_id": "T0R7GR",
  "https://slack.com/user_id": "U0R7JM",
  email: "krane@slack-corp.com",
  email_verified: true,
  date_email_verified: 1622128723,
  locale: "en-US",
  name: "krane",
  picture: "https://secure.gravatar.com/avatar/bb0e5a2a3c8ad1e3e1a2b7d7c2c7f3a4.jpg?s=512",
  given_name: "",
  family_name: "",
  "https://slack.com/team_name": "kraneflannel",
  "https://slack.com/team_domain": "kraneflannel",
}

export const AUTH0_CLAIMS = {
  given_name: "Ada",
  family_name: "Lovelace",
  nickname: "ada",
  name: "Ada Lovelace",
  picture: "https://s.gravatar.com/avatar/0123456789abcdef0123456789abcdef?s=480&r=pg",
  updated_at: "2025-01-01T00:00:00.000Z",
  email: "ada@example.com",
  email_verified: true,
  iss: "https://dev-abc123.us.auth0.com/",
  aud: "kbyuFDidLLm280LIwVFiazOqjO3ty8KH",
  iat: NOW,
  exp: NOW + 36000,
  sub: "auth0|65a1b2c3d4e5f6a7b8c9d0e1",
  sid: "m3E9SvU2Hd5kqD-CJ0p1KpeCYrDzOf5H",
}

export const OKTA_CLAIMS = {
  sub: "00uid4BxXw6I6TV4m0g3",
  name: "John Doe",
  nickname: "Jimmy",
  given_name: "John",
  middle_name: "James",
  family_name: "Doe",
  profile: "https://example.com/john.doe",
  zoneinfo: "America/Los_Angeles",
  locale: "en-US",
  updated_at: 1311280970,
  email: "john.doe@example.com",
  email_verified: true,
  preferred_username: "john.doe@example.com",
  ver: 1,
  iss: "https://example.okta.com/oauth2/default",
  aud: "0oa8f2kq3rZT6lrpw0h7",
  iat: NOW,
  exp: NOW + 3600,
  jti: "ID.4eAWJOCMB3SX8XewDfVR",
  amr: ["pwd"],
  idp: "00ouwizz3LiBbKDWn0h7",
  auth_time: NOW,
}

export const KEYCLOAK_CLAIMS = {
  exp: NOW + 300,
  iat: NOW,
  auth_time: NOW,
  jti: "a8a1e2c4-7f2b-4a4e-bb0c-2f7c6d1e9a10",
  iss: "https://keycloak.example.com/realms/demo",
  aud: "latchkey",
  sub: "f4b2e0a1-3c5d-4e6f-8a9b-0c1d2e3f4a5b",
  typ: "ID",
  azp: "latchkey",
  session_state: "0b4d7d0e-5c1a-4c43-9c2f-8c1e5e7f0a12",
  at_hash: "w6h3fQ1tJm7q5n0vDk2Yxg",
  acr: "1",
  sid: "0b4d7d0e-5c1a-4c43-9c2f-8c1e5e7f0a12",
  email_verified: true,
  name: "Ada Lovelace",
  preferred_username: "ada",
  given_name: "Ada",
  family_name: "Lovelace",
  email: "ada@example.com",
}

export const COGNITO_CLAIMS = {
  sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
  "cognito:groups": ["admin"],
  email_verified: true,
  iss: "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_example",
  "cognito:username": "ada",
  origin_jti: "bbbbbbbb-cccc-dddd-eeee-ffffffffffff",
  aud: "xxxxxxxxxxxxexample",
  event_id: "cccccccc-dddd-eeee-ffff-aaaaaaaaaaaa",
  token_use: "id",
  auth_time: NOW,
  name: "Ada Lovelace",
  exp: NOW + 3600,
  iat: NOW,
  jti: "dddddddd-eeee-ffff-aaaa-bbbbbbbbbbbb",
  email: "ada@example.com",
}

export const TWITCH_CLAIMS = {
  aud: "hof5gwx0su6owfnys0nyan9c87zr6t",
  exp: NOW + 900,
  iat: NOW,
  iss: "https://id.twitch.tv/oauth2",
  sub: "713936733",
  azp: "hof5gwx0su6owfnys0nyan9c87zr6t",
  preferred_username: "middleditch",
  email: "middleditch@example.com",
  email_verified: true,
  picture: "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png",
}

export const SPOTIFY_USER = {
  country: "SE",
  display_name: "JM Wizzler",
  email: "email@example.com",
  explicit_content: { filter_enabled: false, filter_locked: false },
  external_urls: { spotify: "https://open.spotify.com/user/wizzler" },
  followers: { href: null, total: 3829 },
  href: "https://api.spotify.com/v1/users/wizzler",
  id: "wizzler",
  images: [{ height: 300, url: "https://i.scdn.co/image/ab6775700000ee8555c25988a6ac314394d3fbf5", width: 300 }],
  product: "premium",
  type: "user",
  uri: "spotify:user:wizzler",
}

export const REDDIT_USER = {
  id: "1w72",
  name: "spez",
  icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&amp;height=256&amp;crop=256:256,smart&amp;s=6f0a",
  snoovatar_img: "",
  created_utc: 1118030400,
  has_verified_email: true,
  verified: true,
  over_18: true,
  total_karma: 900000,
  subreddit: { display_name_prefixed: "u/spez", public_description: "" },
}

export const ZOOM_USER = {
  id: "KDcuGIm1QgePTO8WbOqwIQ",
  first_name: "Jill",
  last_name: "Chill",
  display_name: "Jill Chill",
  email: "jchill@example.com",
  type: 2,
  role_name: "Owner",
  pmi: 3542471135,
  use_pmi: false,
  personal_meeting_url: "https://us05web.zoom.us/j/3542471135?pwd=abc",
  timezone: "Asia/Shanghai",
  verified: 1,
  dept: "",
  created_at: "2019-06-01T07:58:03Z",
  last_login_time: "2025-01-01T00:00:00Z",
  pic_url: "https://us05web.zoom.us/p/v2/abc/def-1234",
  language: "en-US",
  phone_number: "",
  status: "active",
  account_id: "q6gBJVO5TzexKYTb_I2rpg",
  account_number: 10009239,
  cluster: "us05",
  user_created_at: "2019-06-01T07:58:03Z",
}

export const DROPBOX_ACCOUNT = {
  account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
  name: {
    given_name: "Franz",
    surname: "Ferdinand",
    familiar_name: "Franz",
    display_name: "Franz Ferdinand (Personal)",
    abbreviated_name: "FF",
  },
  email: "franz@dropbox.com",
  email_verified: true,
  disabled: false,
  locale: "en",
  referral_link: "https://db.tt/ZITNuhtI",
  is_paired: true,
  account_type: { ".tag": "business" },
  root_info: { ".tag": "user", root_namespace_id: "3235641", home_namespace_id: "3235641" },
  country: "US",
  profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128",
  team_member_id: "dbmid:AAHhy7WsR0x-u4ZCqiDl5Fz5zvuL3kmspwU",
}

export const ATLASSIAN_ME = {
  account_type: "atlassian",
  account_id: "112233:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
  email: "mia@example.com",
  name: "Mia Krystof",
  picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233:aaaaaaaa/1234abcd-9876-54aa-33aa-1234dfsade94",
  account_status: "active",
  nickname: "mkrystof",
  zoneinfo: "Australia/Sydney",
  locale: "en-US",
  extended_profile: { job_title: "Designer", organization: "mia@example.com", department: "Design team", location: "Sydney" },
}

export const BITBUCKET_USER = {
  display_name: "Ada Lovelace",
  links: {
    self: { href: "https://api.bitbucket.org/2.0/users/%7B7b0a4b3c-1d2e-4f50-9a8b-7c6d5e4f3a2b%7D" },
    avatar: {
      href: "https://secure.gravatar.com/avatar/0123456789abcdef?d=https%3A%2F%2Favatar-management--avatars.us-west-2.prod.public.atl-paas.net%2Finitials%2FAL-0.png",
    },
    html: { href: "https://bitbucket.org/%7B7b0a4b3c-1d2e-4f50-9a8b-7c6d5e4f3a2b%7D/" },
  },
  created_on: "2018-01-01T00:00:00.000000+00:00",
  type: "user",
  uuid: "{7b0a4b3c-1d2e-4f50-9a8b-7c6d5e4f3a2b}",
  has_2fa_enabled: null,
  username: "adalovelace",
  is_staff: false,
  account_id: "557058:ba8948b2-49da-43a9-9e8b-e7249b8e324a",
  nickname: "Ada",
  account_status: "active",
  location: null,
}

/** Bitbucket `GET /2.0/user/emails` (paginated). */
export const BITBUCKET_EMAILS = {
  pagelen: 10,
  values: [
    {
      is_primary: false,
      is_confirmed: false,
      type: "email",
      email: "unconfirmed@example.com",
      links: { self: { href: "https://api.bitbucket.org/2.0/user/emails/unconfirmed@example.com" } },
    },
    {
      is_primary: true,
      is_confirmed: true,
      type: "email",
      email: "ada@example.com",
      links: { self: { href: "https://api.bitbucket.org/2.0/user/emails/ada@example.com" } },
    },
  ],
  page: 1,
  size: 2,
}

/** Notion's person user (the integration's owner). */
export const NOTION_OWNER = {
  object: "user",
  id: "4a6df66b-9b2e-4c1f-8a3d-2e1f0c9b8a7d",
  name: "Ada Lovelace",
  avatar_url: "https://s3-us-west-2.amazonaws.com/public.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d/avatar.png",
  type: "person",
  person: { email: "ada@example.com" },
}

/** Notion `GET /v1/users/me` with an OAuth token: the bot user, owned by the person who installed it. */
export const NOTION_BOT = {
  object: "user",
  id: "16d84278-ab0e-484c-9bdd-b35da3bd8905",
  name: "pied piper",
  avatar_url: null,
  type: "bot",
  bot: { owner: { type: "user", user: NOTION_OWNER }, workspace_name: "Ada's Notion" },
  request_id: "d9f1c3e2-0000-4000-8000-000000000000",
}

export const SALESFORCE_USERINFO = {
  sub: "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P",
  user_id: "005x00000012Q9P",
  organization_id: "00Dx0000000BV7z",
  preferred_username: "ada@example.com",
  nickname: "ada",
  name: "Ada Lovelace",
  email: "ada@example.com",
  email_verified: true,
  given_name: "Ada",
  family_name: "Lovelace",
  zoneinfo: "America/Los_Angeles",
  photos: { picture: "https://c.salesforce.com/profilephoto/005/F", thumbnail: "https://c.salesforce.com/profilephoto/005/T" },
  profile: "https://example.my.salesforce.com/005x00000012Q9P",
  picture: "https://c.salesforce.com/profilephoto/005/F",
  address: { country: "US" },
  active: true,
  user_type: "STANDARD",
  language: "en_US",
  locale: "en_US",
  utcOffset: -28800000,
  updated_at: "2025-01-01T00:00:00Z",
}

export const ZITADEL_CLAIMS = {
  iss: "https://my-instance.zitadel.cloud",
  sub: "218512455627441345",
  aud: ["218512497541121217@latchkey", "218512323226012097"],
  exp: NOW + 43200,
  iat: NOW,
  auth_time: NOW,
  amr: ["password", "pwd"],
  azp: "218512497541121217@latchkey",
  client_id: "218512497541121217@latchkey",
  at_hash: "YzQ2NWUyNDhkZjY4ZjdiMQ",
  sid: "V1_218512521004752321",
  email: "ada@example.com",
  email_verified: true,
  family_name: "Lovelace",
  given_name: "Ada",
  locale: "en",
  name: "Ada Lovelace",
  preferred_username: "ada@example.com",
  updated_at: NOW - 86400,
}

export const AUTHENTIK_CLAIMS = {
  iss: "https://authentik.example.com/application/o/latchkey/",
  sub: "8f1c7d3ab2e94c0f9a6b5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a",
  aud: "hBg1yQmJ0k8s7TzLrXwV",
  exp: NOW + 300,
  iat: NOW,
  auth_time: NOW,
  acr: "goauthentik.io/providers/oauth2/default",
  amr: ["pwd"],
  sid: "5b6e0a1c9d8f7e6d5c4b3a2f1e0d9c8b",
  email: "ada@example.com",
  email_verified: true,
  name: "Ada Lovelace",
  given_name: "Ada Lovelace",
  preferred_username: "ada",
  nickname: "ada",
  groups: ["authentik Admins"],
}

/** X API v2 `GET /2/users/me?user.fields=profile_image_url`. */
export const X_USER = {
  data: {
    id: "2244994945",
    name: "Developers",
    username: "XDevelopers",
    profile_image_url: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
  },
}

/** The same with `includeEmail` (scope `users.email`, field `confirmed_email`). */
export const X_USER_WITH_EMAIL = { data: { ...X_USER.data, confirmed_email: "Devs@X.example" } }
