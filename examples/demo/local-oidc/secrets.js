// The provider's long-lived secrets, kept in one file in the demo's data
// folder: its signing keys (a JWKS), the keys of its cookies, and the client
// secret when none is given. Persisted so that a restart keeps the issuer's
// keys (an ID token signed before the restart still verifies), keeps the
// provider's cookies readable, and keeps the client's credentials.
import { generateKeyPairSync, randomBytes } from "node:crypto"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"

/** The file's name inside the data folder. */
export const SECRETS_FILE = "local-oidc-secrets.json"

/**
 * Reads the secrets from `dataDir`, or creates them there on first use: an
 * RS256 key (RSA 2048, the algorithm every OpenID Connect client supports,
 * OpenID Connect Core 1.0 §15.1) and an ES256 key, two 256-bit cookie keys and
 * a 256-bit client secret. The file is created with mode 0600 (owner only)
 * and never overwritten, so two starts racing each other agree on one set.
 */
export async function loadOrCreateSecrets(dataDir) {
  const path = join(dataDir, SECRETS_FILE)
  await mkdir(dataDir, { recursive: true })
  try {
    return parseSecrets(await readFile(path, "utf8"), path)
  } catch (error) {
    if (error?.code !== "ENOENT") throw error
  }
  const created = generateSecrets()
  try {
    // "wx": fail rather than replace a file another start just wrote.
    await writeFile(path, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600, flag: "wx" })
    return created
  } catch (error) {
    if (error?.code !== "EEXIST") throw error
    return parseSecrets(await readFile(path, "utf8"), path)
  }
}

function generateSecrets() {
  const signingKey = (type, options, alg, kid) => {
    const { privateKey } = generateKeyPairSync(type, options)
    return { ...privateKey.export({ format: "jwk" }), alg, use: "sig", kid }
  }
  const random = () => randomBytes(32).toString("base64url")
  return {
    jwks: {
      keys: [
        signingKey("rsa", { modulusLength: 2048 }, "RS256", `rs256-${random().slice(0, 12)}`),
        signingKey("ec", { namedCurve: "P-256" }, "ES256", `es256-${random().slice(0, 12)}`),
      ],
    },
    cookieKeys: [random(), random()],
    clientSecret: random(),
  }
}

/** The parsed file, or an error that names it (a hand-edited or truncated file). */
function parseSecrets(text, path) {
  let secrets
  try {
    secrets = JSON.parse(text)
  } catch {
    secrets = undefined
  }
  const valid =
    Array.isArray(secrets?.jwks?.keys) &&
    secrets.jwks.keys.length > 0 &&
    Array.isArray(secrets.cookieKeys) &&
    secrets.cookieKeys.every((key) => typeof key === "string" && key.length >= 32) &&
    typeof secrets.clientSecret === "string"
  if (!valid) throw new Error(`${path} is not a valid Local OIDC secrets file; delete it to create a new one.`)
  return secrets
}
