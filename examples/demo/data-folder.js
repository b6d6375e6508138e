// The demo's data folder (examples/demo/data/, git-ignored, or DEMO_DATA_DIR):
// the SQLite file and the persistent AUTH_SECRET live here, so a second start
// finds its users, sessions and secret again. Delete the folder to reset.
import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

/** The data folder: DEMO_DATA_DIR, else examples/demo/data/. */
export function dataFolder(env = process.env) {
  const folder = env.DEMO_DATA_DIR || fileURLToPath(new URL("./data/", import.meta.url))
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  return folder
}

/**
 * The AUTH_SECRET to use: the environment's when set, else the one in
 * `{folder}/auth-secret`, created on first use from 33 random bytes with
 * owner-only permissions (0600). A persistent secret keeps forms opened
 * before a restart valid (the CSRF cookie is signed with it).
 */
export function persistentSecret(folder, env = process.env) {
  if (env.AUTH_SECRET) return { secret: env.AUTH_SECRET, source: "AUTH_SECRET" }
  const file = join(folder, "auth-secret")
  if (!existsSync(file)) {
    // "wx": never overwrite a secret another start wrote meanwhile.
    try {
      writeFileSync(file, `${randomBytes(33).toString("base64")}\n`, { mode: 0o600, flag: "wx" })
    } catch (error) {
      if (error?.code !== "EEXIST") throw error
    }
  }
  chmodSync(file, 0o600)
  const secret = readFileSync(file, "utf8").trim()
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it and start again`)
  return { secret, source: file }
}
