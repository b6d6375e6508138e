/**
 * What the "self-hosted" family of catalog providers really answers (the
 * ones an organisation runs or configures itself, and their neighbours),
 * written from each provider's API documentation: field names, nesting and
 * types are theirs, values invented.
 */

const NOW = 1_750_000_000

// ---- OpenID Connect: ID token / userinfo claims ----

/** BankID Norway's userinfo (a signed JWT's claims) with `openid profile email`. */
export const BANKID_USERINFO = {
  iss: "https://auth.bankid.no/auth/realms/prod",
  aud: "latchkey",
  sub: "9a6e3d2b-1f4c-4b8e-a1d7-5c2e8f0b3a61",
  iat: NOW,
  exp: NOW + 300,
  name: "Kari Nordmann",
  given_name: "Kari",
  family_name: "Nordmann",
  birthdate: "1986-04-12",
  updated_at: NOW - 86_400,
  amr: "BIS",
  bankid_altsub: "9578-6000-4-391482",
  originator: "CN=BankID - TestBank1 - Bank CA 3,OU=123456789,O=TestBank1 AS,C=NO;OrginatorId=9980;OriginatorName=TestBank1;OriginatorId=9980",
  tid: "d3e0f1c2-7a8b-4c5d-9e0f-1a2b3c4d5e6f",
  email: "kari.nordmann@example.no",
  email_verified: true,
}

/** Hugging Face's ID token claims with `openid profile email`. */
export const HUGGINGFACE_CLAIMS = {
  iss: "https://huggingface.co",
  aud: "latchkey",
  sub: "6315c8d9a2b4e1f7c0d3e5a9",
  iat: NOW,
  exp: NOW + 3600,
  name: "Ada Lovelace",
  preferred_username: "ada",
  profile: "https://huggingface.co/ada",
  picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/6315c8d9a2b4e1f7c0d3e5a9/avatar.png",
  website: "https://ada.example.com",
  email: "ada@example.com",
  email_verified: true,
  isPro: false,
  canPay: false,
  orgs: [
    {
      sub: "63a0f2d4e8b1c7a5d9e3f0b2",
      name: "Analytical Engines",
      picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/org.png",
      preferred_username: "analytical-engines",
      isEnterprise: false,
      roleInOrg: "admin",
    },
  ],
}

/** Ory Hydra's ID token claims, the identity claims set by the login/consent app. */
export const HYDRA_CLAIMS = {
  iss: "https://hydra.example.com",
  aud: ["latchkey"],
  sub: "7c1e4b2a-9d3f-4e8a-b6c5-0f2d1e3a4b5c",
  iat: NOW,
  exp: NOW + 3600,
  jti: "2d8f5c1e-6b3a-4f9d-8e7c-1a0b2c3d4e5f",
  rat: NOW - 5,
  auth_time: NOW - 5,
  amr: ["pwd"],
  acr: "0",
  sid: "4f3e2d1c-0b9a-4887-a6b5-c4d3e2f1a0b9",
  name: "Ada Lovelace",
  email: "ada@example.com",
  email_verified: true,
}

/** Passage's ID token claims (no name claim). */
export const PASSAGE_CLAIMS = {
  iss: "https://auth.passage.id/v1/apps/Kx9fQ2mZ7wR4tY1uI8oP3aS6",
  aud: ["latchkey"],
  sub: "uAcbJf8eR0mlQbFxm1WxD2Yq",
  iat: NOW,
  exp: NOW + 3600,
  auth_time: NOW,
  azp: "latchkey",
  client_id: "latchkey",
  email: "ada@example.com",
  email_verified: true,
  phone: "",
  phone_number_verified: false,
}

/** PingOne's ID token claims with `openid profile email`. */
export const PING_CLAIMS = {
  iss: "https://auth.pingone.com/5caa81af-ec05-41ff-a709-c7378007a99c/as",
  aud: "latchkey",
  sub: "e9b2f4a1-6c3d-4e8f-a0b7-1d2c3e4f5a6b",
  iat: NOW,
  exp: NOW + 3600,
  acr: "Single_Factor",
  amr: ["pwd"],
  auth_time: NOW,
  sid: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  preferred_username: "ada",
  given_name: "Ada",
  family_name: "Lovelace",
  name: "Ada Lovelace",
  picture: "https://images.example.com/ada.png",
  updated_at: NOW - 86_400,
  email: "ada@example.com",
  email_verified: true,
  env: "5caa81af-ec05-41ff-a709-c7378007a99c",
  org: "6f5e4d3c-2b1a-4098-b7a6-c5d4e3f2a1b0",
  "p1.region": "NA",
}

/** SimpleLogin's user info with `openid profile email`: the address is an alias for this app. */
export const SIMPLELOGIN_CLAIMS = {
  iss: "https://app.simplelogin.io",
  aud: "latchkey",
  sub: "1a2b3c4d5e6f",
  iat: NOW,
  exp: NOW + 3600,
  id: 4321,
  email: "ada.latchkey@aleeas.com",
  email_verified: true,
  name: "Ada Lovelace",
  avatar_url: "https://app.simplelogin.io/static/default-avatar.png",
  client: "Latchkey demo",
}

/** United Effects' ID token claims with `openid email profile`. */
export const UNITED_EFFECTS_CLAIMS = {
  iss: "https://auth.unitedeffects.com/6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  aud: "latchkey",
  sub: "b7e4c1d2-3a5f-4e6b-9c8d-0a1b2c3d4e5f",
  iat: NOW,
  exp: NOW + 3600,
  email: "ada@example.com",
  email_verified: true,
}

// ---- OAuth 2: profile responses ----

/** Mastodon `GET /api/v1/accounts/verify_credentials` (a CredentialAccount). */
export const MASTODON_ACCOUNT = {
  id: "109302143946574893",
  username: "ada",
  acct: "ada",
  display_name: "Ada Lovelace",
  locked: false,
  bot: false,
  discoverable: true,
  group: false,
  created_at: "2022-11-09T00:00:00.000Z",
  note: "<p>First programmer.</p>",
  url: "https://mastodon.example/@ada",
  uri: "https://mastodon.example/users/ada",
  avatar: "https://files.mastodon.example/accounts/avatars/109/302/143/946/574/893/original/ada.gif",
  avatar_static: "https://files.mastodon.example/accounts/avatars/109/302/143/946/574/893/original/ada.png",
  header: "https://mastodon.example/headers/original/missing.png",
  header_static: "https://mastodon.example/headers/original/missing.png",
  followers_count: 1843,
  following_count: 12,
  statuses_count: 57,
  last_status_at: "2025-06-01",
  source: { privacy: "public", sensitive: false, language: "en", note: "First programmer.", fields: [] },
  emojis: [],
  fields: [],
}

/** Mattermost `GET /api/v4/users/me`. */
export const MATTERMOST_USER = {
  id: "4xp9fdt77pncbef59f4k1qe83o",
  create_at: 1_700_000_000_000,
  update_at: 1_740_000_000_000,
  delete_at: 0,
  username: "ada.lovelace",
  auth_data: "",
  auth_service: "",
  email: "ada@example.com",
  email_verified: true,
  nickname: "Ada",
  first_name: "Ada",
  last_name: "Lovelace",
  position: "Engineer",
  roles: "system_user",
  notify_props: { channel: "true", comments: "never", desktop: "mention", email: "true", first_name: "false", mention_keys: "", push: "mention" },
  last_password_update: 1_700_000_000_000,
  locale: "en",
  timezone: { automaticTimezone: "Europe/London", manualTimezone: "", useAutomaticTimezone: "true" },
  disable_welcome_email: false,
}

/** What a NetSuite current-user RESTlet answers (`runtime.getCurrentUser()`'s fields). */
export const NETSUITE_USER = {
  id: 4622,
  name: "Ada Lovelace",
  email: "ada@example.com",
  location: 1,
  role: 3,
  roleId: "administrator",
  roleCenter: "BASIC",
  contact: 0,
  subsidiary: 1,
  department: 0,
}

/** A Nextcloud user of the provisioning API (the `data` of the OCS answer). */
export const NEXTCLOUD_USER = {
  enabled: true,
  storageLocation: "/var/www/html/data/ada",
  id: "ada",
  lastLogin: 1_750_000_000_000,
  backend: "Database",
  subadmin: [],
  quota: { free: 9_000_000_000, used: 1_000_000, total: 9_001_000_000, relative: 0.01, quota: -3 },
  manager: "",
  email: "ada@example.com",
  additional_mail: [],
  displayname: "Ada Lovelace",
  phone: "",
  address: "",
  website: "",
  twitter: "",
  fediverse: "",
  organisation: "",
  role: "",
  headline: "",
  biography: "",
  profile_enabled: "1",
  groups: ["admin"],
  language: "en",
  locale: "en_GB",
  notify_email: null,
  backendCapabilities: { setDisplayName: true, setPassword: true },
}

/** `GET /ocs/v2.php/cloud/users/ada` with `Accept: application/json`. */
export const NEXTCLOUD_OCS = { ocs: { meta: { status: "ok", statuscode: 200, message: "OK" }, data: NEXTCLOUD_USER } }

/** OCS v1's way of refusing: HTTP 200, the error in `meta`. */
export const NEXTCLOUD_OCS_REFUSED = { ocs: { meta: { status: "failure", statuscode: 997, message: "Current user is not logged in" }, data: [] } }

/** Osso `GET /oauth/me`. */
export const OSSO_PROFILE = {
  id: "a9c3e1f2-4b5d-4e6f-8a7b-9c0d1e2f3a4b",
  email: "ada@example.com",
  idp: "Okta",
  requested: { domain: "example.com", email: null },
}

/** Wikimedia `GET /w/rest.php/oauth2/resource/profile` with the real name and e-mail permission. */
export const WIKIMEDIA_PROFILE = {
  sub: "46618563",
  username: "Ada Lovelace",
  editcount: 1815,
  confirmed_email: true,
  blocked: false,
  registered: "20150704120000",
  groups: ["*", "user", "autoconfirmed"],
  rights: ["read", "edit", "createpage", "writeapi"],
  grants: ["mwoauth-authonlyprivate"],
  realname: "Augusta Ada King",
  email: "ada@example.com",
}

/** WorkOS `GET /sso/profile` for an Okta SAML connection. */
export const WORKOS_PROFILE = {
  object: "profile",
  id: "prof_01DMC79VCBZ0NY2099737PSVF1",
  organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY",
  connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
  connection_type: "OktaSAML",
  idp_id: "00u1a0ufowBJlzPlk357",
  email: "todd@example.com",
  first_name: "Todd",
  last_name: "Rundgren",
  role: { slug: "admin" },
  groups: ["Engineering"],
  custom_attributes: {},
  raw_attributes: {
    id: "00u1a0ufowBJlzPlk357",
    email: "todd@example.com",
    firstName: "Todd",
    lastName: "Rundgren",
    picture: "https://images.example.com/todd.png",
  },
}
