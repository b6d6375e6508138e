/**
 * What the enterprise identity providers of catalog-enterprise.test.ts
 * answer, written from their documentation (claim and field names,
 * nesting, types; values invented): ID token claims of the OpenID Connect
 * ones, SAML Jackson's userinfo answer.
 */

const NOW = 1_750_000_000

const TIMES = { iat: NOW, exp: NOW + 3600 }

export const ASGARDEO_CLAIMS = {
  iss: "https://api.asgardeo.io/t/acme/oauth2/token",
  sub: "6f1a8c0e-3b4d-4e5f-9a7b-1c2d3e4f5a6b",
  aud: "Xp3tQ0aWl8cM1FvB7nRz",
  azp: "Xp3tQ0aWl8cM1FvB7nRz",
  ...TIMES,
  auth_time: NOW,
  amr: ["BasicAuthenticator"],
  sid: "a4c5e6f7-0000-4000-8000-000000000001",
  org_id: "10084a8d-113f-4211-a0d5-efe36b082211",
  org_name: "acme",
  given_name: "Ada",
  family_name: "Lovelace",
  username: "ada@example.com",
  email: "ada@example.com",
  email_verified: true,
}

export const AZURE_AD_CLAIMS = {
  aud: "6731de76-14a6-49ae-97bc-6eba6914391e",
  iss: "https://login.microsoftonline.com/9122040d-6c67-4c5b-b112-36a304b66dad/v2.0",
  ...TIMES,
  nbf: NOW,
  sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
  oid: "00000000-0000-0000-66f3-3332eca7ea81",
  tid: "9122040d-6c67-4c5b-b112-36a304b66dad",
  ver: "2.0",
  name: "Ada Lovelace",
  preferred_username: "ada@contoso.com",
  email: "ada@contoso.com",
}

export const AZURE_AD_B2C_CLAIMS = {
  iss: "https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/",
  sub: "5c8e3b6a-2f4d-4c1e-9b7a-0d2e4f6a8c1b",
  aud: "90c0fe63-bcf2-44d5-8fb7-b8bbc0b29dc6",
  ...TIMES,
  nbf: NOW,
  auth_time: NOW,
  ver: "1.0",
  oid: "5c8e3b6a-2f4d-4c1e-9b7a-0d2e4f6a8c1b",
  tfp: "B2C_1_signupsignin",
  name: "Ada Lovelace",
  given_name: "Ada",
  family_name: "Lovelace",
  emails: ["ada@example.com", "ada.lovelace@example.org"],
  idp: "LocalAccount",
  country: "United Kingdom",
  postalCode: "W1",
}

export const BEYONDIDENTITY_CLAIMS = {
  iss: "https://auth-us.beyondidentity.com/v1/tenants/00011f1183c67b69/realms/a7e2b1c9d3f4e5a6/applications/3c5d7e9f-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  sub: "2b7c8f0e1d3a4b5c",
  aud: "uZ2Y5bDkL3mN7pQ9rS1tV4wX",
  ...TIMES,
  name: "Ada Lovelace",
  preferred_username: "ada",
  email: "ada@example.com",
}

/** SAML Jackson's `GET /api/oauth/userinfo`. */
export const BOXYHQ_USER = {
  id: "ada@example.com",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  roles: ["engineer"],
  groups: ["analytical-engines"],
  requested: { tenant: "example.com", product: "acme-app", client_id: "tenant=example.com&product=acme-app", state: "x" },
  raw: { "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress": "ada@example.com" },
}

export const DESCOPE_CLAIMS = {
  iss: "https://api.descope.com/P2abc1234567890",
  sub: "U2abcdef0123456789abcdef01",
  aud: "P2abc1234567890",
  ...TIMES,
  name: "Ada Lovelace",
  given_name: "Ada",
  family_name: "Lovelace",
  email: "ada@example.com",
  email_verified: true,
  phone_number: "+15555550100",
  phone_number_verified: false,
  picture: "https://static.descope.com/avatars/ada.png",
}

export const DUENDE_CLAIMS = {
  iss: "https://demo.duendesoftware.com",
  sub: "818727",
  aud: "interactive.confidential",
  ...TIMES,
  nbf: NOW,
  auth_time: NOW,
  idp: "local",
  amr: ["pwd"],
  sid: "2A3B4C5D6E7F8091A2B3C4D5E6F70819",
  name: "Alice Smith",
  given_name: "Alice",
  family_name: "Smith",
  email: "AliceSmith@email.com",
  email_verified: true,
  website: "http://alice.com",
}

export const IDENTITY_SERVER4_CLAIMS = {
  ...DUENDE_CLAIMS,
  iss: "https://is4.example.com",
  sub: "88421113",
  name: "Bob Smith",
  given_name: "Bob",
  email: "BobSmith@email.com",
}

export const FRONTEGG_CLAIMS = {
  iss: "https://app-abc123.frontegg.com",
  sub: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
  aud: "0e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b",
  ...TIMES,
  name: "Ada Lovelace",
  email: "ada@example.com",
  email_verified: true,
  profilePictureUrl: "https://www.gravatar.com/avatar/ada?d=https://ui-avatars.com/api/AL",
  tenantId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  tenantIds: ["9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"],
  roles: ["Admin"],
  permissions: ["fe.secure.*"],
  metadata: "{}",
  type: "userToken",
}

export const FUSIONAUTH_CLAIMS = {
  iss: "https://auth.example.com",
  sub: "00000000-0000-0001-0000-000000000000",
  aud: "85a03867-dccf-4882-adde-1a79aeec50df",
  ...TIMES,
  jti: "3b8e4a1c-9d2f-4e5a-8b7c-6d5e4f3a2b1c",
  authenticationType: "PASSWORD",
  scope: "openid offline_access email profile",
  sid: "5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  tid: "30663132-6464-6665-3032-326466613934",
  applicationId: "85a03867-dccf-4882-adde-1a79aeec50df",
  roles: ["user"],
  email: "richard@example.com",
  email_verified: true,
  preferred_username: "richard",
  given_name: "Richard",
  middle_name: "A",
  family_name: "Hendricks",
  picture: "https://www.gravatar.com/avatar/richard",
}

export const KINDE_CLAIMS = {
  iss: "https://your-business.kinde.com",
  sub: "kp_0123456789abcdef0123456789abcdef",
  aud: ["your-business.kinde.com", "8f3a2b1c4d5e6f708192a3b4c5d6e7f8"],
  azp: "8f3a2b1c4d5e6f708192a3b4c5d6e7f8",
  ...TIMES,
  auth_time: NOW,
  jti: "6e5d4c3b-2a19-4807-b6a5-948372615041",
  name: "Ada Lovelace",
  given_name: "Ada",
  family_name: "Lovelace",
  email: "ada@example.com",
  picture: "https://lh3.googleusercontent.com/a/ada",
  updated_at: NOW,
  org_codes: ["org_1a2b3c4d5e6"],
}

export const LOGTO_CLAIMS = {
  iss: "https://your-tenant.logto.app/oidc",
  sub: "7bhk9x3m2qpw",
  aud: "f3k8m2n6p9q1",
  ...TIMES,
  name: null,
  username: "ada",
  picture: null,
  email: "ada@example.com",
  email_verified: true,
  phone_number: null,
  phone_number_verified: false,
  updated_at: NOW * 1000,
  created_at: NOW * 1000,
}

export const ONELOGIN_CLAIMS = {
  iss: "https://acme.onelogin.com/oidc/2",
  sub: "70812345",
  aud: "0a1b2c3d-4e5f-6789-abcd-ef0123456789",
  ...TIMES,
  sid: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
  name: "Ada Lovelace",
  given_name: "Ada",
  family_name: "Lovelace",
  preferred_username: "ada",
  email: "ada@example.com",
  updated_at: NOW,
  groups: ["Engineering"],
}

/** Azure DevOps `GET /_apis/profile/profiles/me?details=true`. */
export const AZURE_DEVOPS_PROFILE = {
  displayName: "Ada Lovelace",
  publicAlias: "7c1e5a2b-3d4f-4a6b-8c9d-0e1f2a3b4c5d",
  emailAddress: "ada@example.com",
  coreRevision: 412938217,
  timeStamp: "2025-06-15T10:00:00.4433333+00:00",
  id: "7c1e5a2b-3d4f-4a6b-8c9d-0e1f2a3b4c5d",
  revision: 412938217,
}

/** Azure DevOps's token answer: `token_type` `jwt-bearer`, `expires_in` as a string. */
export const AZURE_DEVOPS_TOKENS = {
  access_token: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6Im9PdmN6NU1fN3AtSGpJS2xGWHo5M3VfVjBabyJ9.eyJuYW1laWQiOiI3YzFlIn0.c2ln",
  token_type: "jwt-bearer",
  expires_in: "3599",
  refresh_token: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJyZWZyZXNoIjoxfQ.c2ln",
  scope: "vso.profile",
}
