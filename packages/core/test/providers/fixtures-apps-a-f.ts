/**
 * The real response shapes of the apps-a-f catalog providers (42, Battle.net,
 * Box, Bungie, ClickUp, Coinbase, Concept2, Dribbble, Eventbrite, EVE Online,
 * FACEIT, Figma, Foursquare, FreshBooks), as each provider documents them,
 * with plausible values. Used by catalog-apps-a-f.test.ts.
 */

/** 42's `GET /v2/me` (trimmed of the cursus and project lists). */
export const FORTY_TWO_ME = {
  id: 91358,
  email: "ntesla@student.42.fr",
  login: "ntesla",
  first_name: "Nikola",
  last_name: "Tesla",
  usual_full_name: "Nikola Tesla",
  usual_first_name: null,
  url: "https://api.intra.42.fr/v2/users/ntesla",
  phone: "hidden",
  displayname: "Nikola Tesla",
  kind: "student",
  image: {
    link: "https://cdn.intra.42.fr/users/3c5e1f0d4c0a0b8e2f6d1a7b9c4e5f60/ntesla.jpg",
    versions: {
      large: "https://cdn.intra.42.fr/users/3c5e1f0d4c0a0b8e2f6d1a7b9c4e5f60/large_ntesla.jpg",
      medium: "https://cdn.intra.42.fr/users/3c5e1f0d4c0a0b8e2f6d1a7b9c4e5f60/medium_ntesla.jpg",
      small: "https://cdn.intra.42.fr/users/3c5e1f0d4c0a0b8e2f6d1a7b9c4e5f60/small_ntesla.jpg",
      micro: "https://cdn.intra.42.fr/users/3c5e1f0d4c0a0b8e2f6d1a7b9c4e5f60/micro_ntesla.jpg",
    },
  },
  "staff?": false,
  correction_point: 4,
  pool_month: "september",
  pool_year: "2024",
  location: null,
  wallet: 120,
  anonymize_date: "2029-10-01T00:00:00.000+02:00",
  data_erasure_date: "2029-10-01T00:00:00.000+02:00",
  created_at: "2024-08-12T09:21:44.512Z",
  updated_at: "2025-03-02T18:04:10.097Z",
  alumnized_at: null,
  "alumni?": false,
  "active?": true,
  cursus_users: [],
  projects_users: [],
  campus: [],
}

/** The claims of a Battle.net ID token (the `openid` scope). */
export const BATTLENET_CLAIMS = {
  iss: "https://oauth.battle.net",
  sub: "104729",
  aud: "catalog-client",
  azp: "catalog-client",
  exp: 1767225600,
  iat: 1767139200,
  battle_tag: "Jaina#1142",
}

/** Box's `GET /2.0/users/me`. */
export const BOX_USER = {
  type: "user",
  id: "11446498",
  name: "Aaron Levie",
  login: "ceo@example.com",
  created_at: "2012-12-12T10:53:43-08:00",
  modified_at: "2012-12-12T10:53:43-08:00",
  language: "en",
  timezone: "Africa/Bujumbura",
  space_amount: 11345156112,
  space_used: 1237009912,
  max_upload_size: 2147483648,
  status: "active",
  job_title: "CEO",
  phone: "6509241374",
  address: "900 Jefferson Ave, Redwood City, CA 94063",
  avatar_url: "https://www.box.com/api/avatar/large/181216415",
  notification_email: { email: "notifications@example.com", is_confirmed: true },
}

/** Bungie's `GET /Platform/User/GetMembershipsForCurrentUser/`. */
export const BUNGIE_MEMBERSHIPS = {
  Response: {
    destinyMemberships: [
      {
        LastSeenDisplayName: "Guardian",
        LastSeenDisplayNameType: 3,
        iconPath: "/img/theme/bungienet/icons/steamLogo.png",
        crossSaveOverride: 0,
        applicableMembershipTypes: [3],
        isPublic: true,
        membershipType: 3,
        membershipId: "4611686018467284386",
        displayName: "Guardian",
        bungieGlobalDisplayName: "Guardian",
        bungieGlobalDisplayNameCode: 4077,
      },
    ],
    bungieNetUser: {
      membershipId: "14325079",
      uniqueName: "Guardian#4077",
      displayName: "Guardian",
      profilePicture: 70680,
      profileTheme: 1140,
      userTitle: 0,
      successMessageFlags: "0",
      isDeleted: false,
      about: "",
      firstAccess: "2016-02-12T04:34:00.467Z",
      lastUpdate: "2024-06-04T17:20:33.227Z",
      showActivity: true,
      locale: "en",
      localeInheritDefault: true,
      profilePicturePath: "/img/profile/avatars/bungieday_26.jpg",
      profilePictureWidePath: "/img/UserThemes/d2_07/header.jpg",
      profileThemeName: "d2_07",
      userTitleDisplay: "Newbie",
      statusText: "",
      statusDate: "0001-01-01T00:00:00Z",
      cachedBungieGlobalDisplayName: "Guardian",
      cachedBungieGlobalDisplayNameCode: 4077,
    },
  },
  ErrorCode: 1,
  ThrottleSeconds: 0,
  ErrorStatus: "Success",
  Message: "Ok",
  MessageData: {},
}

/** Bungie's error envelope for a bad API key: sent with HTTP 200. */
export const BUNGIE_API_KEY_ERROR = {
  ErrorCode: 2101,
  ThrottleSeconds: 0,
  ErrorStatus: "ApiInvalidOrExpiredKey",
  Message: "An API key is required and was not provided or is not valid.",
  MessageData: {},
}

/** ClickUp's `GET /api/v2/user`. */
export const CLICKUP_USER = {
  user: {
    id: 123,
    username: "John Doe",
    email: "johndoe@gmail.com",
    color: "#000000",
    profilePicture: "https://attachments-public.clickup.com/profilePictures/123_abc.jpg",
    initials: "JD",
    week_start_day: 1,
    global_font_support: false,
    timezone: "America/Los_Angeles",
  },
}

/** Coinbase's `GET /v2/user` with `wallet:user:read wallet:user:email`. */
export const COINBASE_USER = {
  data: {
    id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
    name: "User One",
    username: "user1",
    profile_location: null,
    profile_bio: null,
    profile_url: "https://coinbase.com/user1",
    avatar_url: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY2Qh%2BQ6nomR3qusA%2Bh6o2%0Af9rH&s=128",
    resource: "user",
    resource_path: "/v2/user",
    email: "user1@example.com",
    time_zone: "Pacific Time (US & Canada)",
    native_currency: "USD",
    bitcoin_unit: "bits",
    country: { code: "US", name: "United States" },
    created_at: "2015-01-31T20:49:02Z",
  },
}

/** The Concept2 Logbook's `GET /api/users/me`. */
export const CONCEPT2_ME = {
  data: {
    id: 1,
    username: "David Hart",
    first_name: "David",
    last_name: "Hart",
    gender: "M",
    dob: "1970-01-01",
    email: "david@example.com",
    country: "USA",
    profile_image: "https://log.concept2.com/images/profile/1.jpg",
    age_restricted: false,
    email_permission: null,
    max_heart_rate: null,
    weight: 9072,
    logbook_privacy: "partners",
  },
}

/** Dribbble's `GET /v2/user` (no e-mail in the v2 API). */
export const DRIBBBLE_USER = {
  id: 1,
  name: "Dan Cederholm",
  login: "simplebits",
  html_url: "https://dribbble.com/simplebits",
  avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg?1371679243",
  bio: 'Co-founder &amp; designer of <a href="https://dribbble.com/dribbble">@Dribbble</a>.',
  location: "Salem, MA",
  links: { web: "http://simplebits.com", twitter: "https://twitter.com/simplebits" },
  can_upload_shot: true,
  pro: true,
  followers_count: 29262,
  created_at: "2009-07-08T02:51:22Z",
  type: "Player",
  teams: [],
}

/** Eventbrite's `GET /v3/users/me/`. */
export const EVENTBRITE_ME = {
  emails: [
    { email: "old.address@example.com", verified: false, primary: false },
    { email: "ada@example.com", verified: true, primary: true },
  ],
  id: "1234567890",
  name: "Ada Lovelace",
  first_name: "Ada",
  last_name: "Lovelace",
  is_public: false,
  image_id: "48109325",
}

/** The claims of an EVE SSO access token (a JWT). */
export const EVE_CLAIMS = {
  scp: "publicData",
  jti: "998e12c7-3241-43c5-8355-2c48822e0a1b",
  kid: "JWT-Signature-Key",
  sub: "CHARACTER:EVE:2112625428",
  azp: "catalog-client",
  tenant: "tranquility",
  tier: "live",
  region: "world",
  aud: ["catalog-client", "EVE Online"],
  name: "Some Bloke",
  owner: "8PmzCeTKb4VFUDrHLc/AeZXDSWM=",
  iss: "login.eveonline.com",
}

/** FACEIT Connect's userinfo answer. */
export const FACEIT_USERINFO = {
  guid: "0f4b3c2e-6a2d-4c1e-9f0b-5d9b1e2a7c44",
  nickname: "s1mple",
  email: "player@example.com",
  picture: "https://assets.faceit-cdn.net/avatars/0f4b3c2e-6a2d-4c1e-9f0b-5d9b1e2a7c44_1550831432443.jpg",
  given_name: "Alex",
  family_name: "Petrov",
  locale: "en",
  membership: "free",
  memberships: ["free"],
}

/** Figma's `GET /v1/me`. */
export const FIGMA_ME = {
  id: "1071183489123456789",
  email: "designer@example.com",
  handle: "Dana Designer",
  img_url: "https://s3-alpha.figma.com/profile/8a6c9d2e-4b1f-4f0e-9a3c-1d2e3f4a5b6c",
}

/** Foursquare's `GET /v2/users/self`. */
export const FOURSQUARE_SELF = {
  meta: { code: 200, requestId: "5ac51d7e6a607143d811cecb" },
  response: {
    user: {
      id: "1234567",
      firstName: "Jimmy",
      lastName: "Foursquare",
      gender: "male",
      relationship: "self",
      canonicalUrl: "https://foursquare.com/user/1234567",
      photo: { prefix: "https://fastly.4sqi.net/img/user/", suffix: "/1234567-HU0SJNCYWLQVNNJ3.jpg" },
      homeCity: "New York, NY",
      bio: "",
      contact: { email: "jimmy@example.com", verifiedPhone: "false" },
      lists: { count: 2, groups: [] },
      checkins: { count: 4, items: [] },
    },
  },
}

/** Foursquare's answer to a call without a version date. */
export const FOURSQUARE_NO_VERSION = {
  meta: {
    code: 410,
    errorType: "param_error",
    errorDetail: "The Foursquare API no longer supports requests that do not pass in a version parameter.",
    requestId: "5ac51d7e6a607143d811cecc",
  },
  response: {},
}

/** FreshBooks' `GET /auth/api/v1/users/me` (trimmed). */
export const FRESHBOOKS_ME = {
  response: {
    id: 2192788,
    identity_id: 2192788,
    identity_uuid: "a2f6e6b2-1c3d-4e5f-8a9b-0c1d2e3f4a5b",
    first_name: "Bruce",
    last_name: "Wayne",
    email: "bruce@example.com",
    language: "en",
    confirmed_at: "2018-02-28T14:17:21Z",
    created_at: "2018-02-28T14:15:05Z",
    unconfirmed_email: null,
    setup_complete: true,
    phone_numbers: [],
    addresses: [],
    profession: null,
    business_memberships: [{ id: 160035, role: "owner", business: { id: 77128, name: "Wayne Enterprises", account_id: "zDmNq" } }],
    roles: [],
  },
}
