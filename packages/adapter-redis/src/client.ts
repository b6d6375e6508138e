/**
 * The commands the adapter sends, over an ioredis `Redis` or `Cluster`
 * client, and how scripts are run: EVALSHA first, EVAL when the server does
 * not have the script yet (a fresh server, a failover, SCRIPT FLUSH).
 *
 * @module client
 */
import type { Cluster, Redis } from "ioredis"
import type { Script } from "./scripts.js"

/** An ioredis client: a standalone/Sentinel `Redis` or a `Cluster`. */
export type RedisClient = Redis | Cluster

/**
 * The subset of commands the adapter uses, typed once here: the overloads of
 * `Redis` and `Cluster` do not unify into one callable signature.
 */
export interface Commands {
  evalsha(sha: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>
  eval(source: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>
  get(key: string): Promise<string | null>
  getdel(key: string): Promise<string | null>
  set(key: string, value: string, ...options: (string | number)[]): Promise<"OK" | null>
  del(...keys: string[]): Promise<number>
  hget(key: string, field: string): Promise<string | null>
  hexists(key: string, field: string): Promise<number>
  hgetall(key: string): Promise<Record<string, string>>
  zrem(key: string, ...members: string[]): Promise<number>
  zrangebyscore(key: string, min: string | number, max: string | number): Promise<string[]>
  srem(key: string, ...members: string[]): Promise<number>
  smembers(key: string): Promise<string[]>
  sadd(key: string, ...members: string[]): Promise<number>
  pttl(key: string): Promise<number>
  pexpireat(key: string, unixTimeMilliseconds: number): Promise<number>
}

/** The client seen through {@link Commands}. */
export function commands(redis: RedisClient): Commands {
  return redis as unknown as Commands
}

function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("NOSCRIPT")
}

/** Runs `script` with `keys` and `args`, loading it on the server when needed. */
export async function runScript(redis: Commands, script: Script, keys: readonly string[], args: readonly (string | number)[] = []): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args)
  } catch (error) {
    if (!isNoScript(error)) throw error
    return redis.eval(script.source, keys.length, ...keys, ...args)
  }
}
