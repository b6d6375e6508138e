/**
 * What the "apps, H to T" catalog providers (HubSpot, Instagram, Medium,
 * Netlify, osu!, Patreon, Pinterest, Pipedrive, Roblox, Strava, Threads,
 * TikTok, Todoist, Trakt) really answer, written from their API
 * documentation (field names, nesting, types; values invented): token
 * responses where they are not RFC 6749's, the profile responses, and
 * Roblox's ID token claims.
 */

const NOW = 1_750_000_000

/** HubSpot `GET /oauth/v1/access-tokens/{token}`: the token's metadata, the user named by address. */
export const HUBSPOT_TOKEN_INFO = {
  token: "CJSP5qf1KhICAQEYs-gDIIGOBii1hQIyGQAf3xBKmlwHjX7OIpuIFEavB2-qYAGQsF4",
  user: "ada@example.com",
  hub_domain: "example-2c1a.com",
  scopes: ["oauth", "crm.objects.contacts.read"],
  scope_to_scope_group_pks: [25, 31],
  trial_scopes: [],
  trial_scope_to_scope_group_pks: [],
  hub_id: 62515,
  app_id: 456789,
  expires_in: 1754,
  user_id: 123,
  token_type: "access",
}

/** Instagram (Instagram Login) token endpoint: wrapped in `data`, no `token_type`. */
export const INSTAGRAM_TOKEN = {
  data: [{ access_token: "IGAAR1pZCZBqZB9jOTB0UzVqZAk9", user_id: "17841405822304914", permissions: "instagram_business_basic" }],
}

/** Instagram `GET graph.instagram.com/me?fields=id,user_id,username,name,account_type,profile_picture_url`. */
export const INSTAGRAM_USER = {
  id: "7382629251842981",
  user_id: "17841405822304914",
  username: "ada.lovelace",
  name: "Ada Lovelace",
  account_type: "MEDIA_CREATOR",
  profile_picture_url: "https://scontent.cdninstagram.com/v/t51.2885-19/44884218_345707102882519_2446069589734326272_n.jpg",
}

/** Medium `POST /v1/tokens`: `scope` is an array, `expires_at` in milliseconds. */
export const MEDIUM_TOKEN = {
  token_type: "Bearer",
  access_token: "2a8b6e1cf4f1d8d2a14c4e7b1a1d8c3c",
  refresh_token: "2d5d2c1f3e1e4a9c8b7d6e5f4a3b2c1d",
  scope: ["basicProfile"],
  expires_at: (NOW + 5_184_000) * 1000,
}

/** Medium `GET /v1/me`. */
export const MEDIUM_USER = {
  data: {
    id: "5303d74c64f66366f00cb9b2a94f3251bf5",
    username: "majelbstoat",
    name: "Jamie Talbot",
    url: "https://medium.com/@majelbstoat",
    imageUrl: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
  },
}

/** Netlify `GET /api/v1/user`. */
export const NETLIFY_USER = {
  id: "5e8f0e3a2b1c4d0012345678",
  uid: null,
  full_name: "Ada Lovelace",
  avatar_url: "https://avatars.githubusercontent.com/u/1234567?v=4",
  email: "ada@example.com",
  affiliate_id: "",
  site_count: 4,
  created_at: "2020-04-09T12:00:00.000Z",
  last_login: "2025-06-01T09:30:00.000Z",
  login_providers: ["github"],
  onboarding_progress: { slides: "done" },
}

/** osu! `GET /api/v2/me` (the UserCompact fields and some of the User ones). */
export const OSU_USER = {
  avatar_url: "https://a.ppy.sh/2?1537409912.jpeg",
  country_code: "AU",
  default_group: "default",
  id: 2,
  is_active: true,
  is_bot: false,
  is_deleted: false,
  is_online: false,
  is_supporter: true,
  last_visit: "2025-06-01T08:00:00+00:00",
  pm_friends_only: false,
  profile_colour: "#3366FF",
  username: "peppy",
  cover_url: "https://assets.ppy.sh/user-profile-covers/2/baba245ef60834b769694178f8f6d4f6166c5188c740de084656ad2b80f1eea7.jpeg",
  discord: null,
  has_supported: true,
  interests: null,
  join_date: "2007-08-28T03:09:12+00:00",
  location: null,
  max_blocks: 100,
  max_friends: 500,
  occupation: null,
  playmode: "osu",
  playstyle: ["mouse", "keyboard"],
  post_count: 5842,
  profile_order: ["me", "recent_activity", "top_ranks"],
  title: null,
  twitter: "ppy",
  website: "https://ppy.sh",
  country: { code: "AU", name: "Australia" },
  is_restricted: false,
}

/** Patreon `GET /api/oauth2/v2/identity?fields[user]=email,full_name,image_url,is_email_verified`. */
export const PATREON_IDENTITY = {
  data: {
    id: "12345678",
    type: "user",
    attributes: {
      email: "ada@example.com",
      full_name: "Ada Lovelace",
      image_url: "https://c8.patreon.com/3/200/12345678",
      is_email_verified: true,
    },
  },
  links: { self: "https://www.patreon.com/api/oauth2/v2/user/12345678" },
}

/** Pinterest `GET /v5/user_account`. */
export const PINTEREST_USER = {
  account_type: "PINNER",
  id: "549755885175",
  profile_image: "https://i.pinimg.com/280x280_RS/42/03/a5/4203a57a78f6f1b1e5e5e1e4a1a0f8b1.jpg",
  website_url: "https://www.example.com",
  username: "adalovelace",
  about: "Poetical science",
  business_name: null,
  board_count: 12,
  pin_count: 340,
  follower_count: 58,
  following_count: 21,
  monthly_views: 1240,
}

/** Pipedrive `GET /v1/users/me`. */
export const PIPEDRIVE_ME = {
  success: true,
  data: {
    id: 11758841,
    name: "Ada Lovelace",
    default_currency: "EUR",
    locale: "en_US",
    lang: 1,
    email: "ada@example.com",
    phone: null,
    activated: true,
    last_login: "2025-06-01 08:00:00",
    created: "2021-03-04 10:00:00",
    modified: "2025-06-01 08:00:00",
    has_created_company: true,
    access: [{ app: "sales", admin: true, permission_set_id: "62cc4d7f-4038-4352-abf3-a8c1c822b631" }],
    active_flag: true,
    timezone_name: "Europe/London",
    timezone_offset: "+01:00",
    role_id: 1,
    icon_url: "https://secure.gravatar.com/avatar/5b6e8f3e0e.png",
    is_you: true,
    is_admin: 1,
    company_id: 7777777,
    company_name: "Analytical Engines Ltd",
    company_domain: "analyticalengines",
    company_country: "GB",
    company_industry: null,
    language: { language_code: "en", country_code: "US" },
  },
}

/** Roblox ID token claims with `openid profile`. */
export const ROBLOX_CLAIMS = {
  iss: "https://apis.roblox.com/oauth/",
  aud: "4151694633427282716",
  sub: "1516563360",
  exp: NOW + 3600,
  iat: NOW,
  jti: "ID.3X0eEq5Xq5cR0XUsKrWRpRaO1D2e6Vxf",
  nbf: NOW,
  name: "Ada",
  nickname: "Ada",
  preferred_username: "AdaLovelace1815",
  created_at: 1584664599,
  profile: "https://www.roblox.com/users/1516563360/profile",
  picture: "https://tr.rbxcdn.com/30DAY-AvatarHeadshot-A1B2C3D4E5F6-Png/150/150/AvatarHeadshot/Png/noFilter",
}

/** Strava `POST /api/v3/oauth/token`: the athlete summary comes with the tokens. */
export const STRAVA_TOKEN = {
  token_type: "Bearer",
  expires_at: NOW + 21_600,
  expires_in: 21_600,
  refresh_token: "e5n567567e5n567567e5n567567e5n567567e5n5",
  access_token: "a4b945687g9a4b945687g9a4b945687g9a4b9456",
  athlete: { id: 134815, username: "marianne_t", resource_state: 2, firstname: "Marianne", lastname: "Teutenberg" },
}

/** Strava `GET /api/v3/athlete`. */
export const STRAVA_ATHLETE = {
  id: 134815,
  username: "marianne_t",
  resource_state: 3,
  firstname: "Marianne",
  lastname: "Teutenberg",
  bio: null,
  city: "San Francisco",
  state: "CA",
  country: "US",
  sex: "F",
  premium: true,
  summit: true,
  created_at: "2017-11-14T02:30:05Z",
  updated_at: "2018-02-06T19:32:20Z",
  badge_type_id: 4,
  weight: null,
  profile_medium: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/14805283/2/medium.jpg",
  profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/14805283/2/large.jpg",
  friend: null,
  follower: null,
}

/** Threads `POST /oauth/access_token`: no `token_type`. */
// biome-ignore lint/correctness/noPrecisionLoss: Threads sends user ids as JSON numbers past 2^53, which arrive rounded; the account id comes from the profile's string id.
export const THREADS_TOKEN = { access_token: "THQVJ1b2pZAY2VHTXRtT3BzQm9l", user_id: 25849034901234567 }

/** Threads `GET /v1.0/me?fields=id,username,name,threads_profile_picture_url`. */
export const THREADS_USER = {
  id: "25849034901234567",
  username: "ada.lovelace",
  name: "Ada Lovelace",
  threads_profile_picture_url: "https://scontent-sjc3-1.cdninstagram.com/v/t51.2885-19/12345_n.jpg",
}

/** TikTok `POST /v2/oauth/token/`. */
export const TIKTOK_TOKEN = {
  access_token: "act.example12345Example12345Example",
  expires_in: 86400,
  open_id: "afd97af1-b87b-48b9-ac98-410aghda5344",
  refresh_expires_in: 31_536_000,
  refresh_token: "rft.example12345Example12345Example",
  scope: "user.info.basic",
  token_type: "Bearer",
}

/** TikTok `GET /v2/user/info/?fields=open_id,union_id,avatar_url,display_name`. */
export const TIKTOK_USER = {
  data: {
    user: {
      open_id: "afd97af1-b87b-48b9-ac98-410aghda5344",
      union_id: "c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1",
      avatar_url: "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg",
      display_name: "Ada Lovelace",
    },
  },
  error: { code: "ok", message: "", log_id: "20250601123456789ABCDEF0123456789" },
}

/** Todoist `GET /api/v1/user`, the common fields. */
export const TODOIST_USER = {
  id: "6X7rM8997g3RQmvh",
  email: "ada@example.com",
  full_name: "Ada Lovelace",
  avatar_big: "https://dcff1xvirvpfp.cloudfront.net/3b5f0e6a_big.jpg",
  avatar_medium: "https://dcff1xvirvpfp.cloudfront.net/3b5f0e6a_medium.jpg",
  avatar_s640: "https://dcff1xvirvpfp.cloudfront.net/3b5f0e6a_s640.jpg",
  avatar_small: "https://dcff1xvirvpfp.cloudfront.net/3b5f0e6a_small.jpg",
  business_account_id: null,
  inbox_project_id: "6Jf8VQXxpwv56VQ7",
  is_premium: true,
  premium_status: "current_personal_plan",
  lang: "en",
  start_day: 1,
  start_page: "today",
  time_format: 0,
  date_format: 0,
  tz_info: { gmt_string: "+01:00", hours: 1, is_dst: 1, minutes: 0, timezone: "Europe/London" },
  karma: 8456,
  karma_trend: "up",
  completed_count: 4012,
  completed_today: 3,
  daily_goal: 5,
  weekly_goal: 30,
  days_off: [6, 7],
  next_week: 1,
  weekend_start_day: 6,
}

/** Trakt `GET /users/me?extended=full`. */
export const TRAKT_USER = {
  username: "sean",
  private: false,
  name: "Sean Rudford",
  vip: true,
  vip_ep: false,
  ids: { slug: "sean", uuid: "b6589fc6ab0dc82cf12099d1c2d40ab994e8410c" },
  joined_at: "2010-09-25T17:49:25.000Z",
  location: "SF",
  about: "I have all your cassette tapes.",
  gender: "male",
  age: 35,
  images: { avatar: { full: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/cf6b4e5e.jpg" } },
  vip_og: true,
  vip_years: 5,
}
