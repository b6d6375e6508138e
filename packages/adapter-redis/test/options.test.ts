/**
 * Mistakes in the arguments of `RedisAdapter` fail at once with a message
 * that says what to write, instead of at the first sign-in. These checks
 * need no running Redis: the client never connects.
 */

import type { Adapter } from "@latchkey/core/adapters"
import { Redis } from "ioredis"
import { afterAll, describe, expect, it } from "vitest"
import { RedisAdapter, type RedisAdapterOptions } from "../src/index.js"

describe("RedisAdapter: options", () => {
  const redis = new Redis({ lazyConnect: true })
  afterAll(() => redis.disconnect())
  const users: Adapter = { getUser: () => null }
  const create = (options: unknown) => () => RedisAdapter(redis, options as RedisAdapterOptions as never)

  it("needs an ioredis client", () => {
    expect(() => RedisAdapter({} as never)).toThrow(/first argument must be an ioredis client/)
    expect(() => RedisAdapter("redis://127.0.0.1:6379" as never)).toThrow(/first argument must be an ioredis client/)
  })

  it("refuses a prefix with a hash-tag brace, and a prefix that is not a string", () => {
    expect(create({ prefix: "app{1}:" })).toThrow(/must not contain "\{" or "\}"/)
    expect(create({ prefix: 42 })).toThrow(/"prefix" must be a string/)
  })

  it("refuses an unknown option, naming it and the known ones", () => {
    expect(create({ sessionsOnly: true })).toThrow(/unknown option "sessionsOnly" \(known: prefix, timeout, only, users\)/)
  })

  it("refuses a negative or non-numeric timeout", () => {
    expect(create({ timeout: -1 })).toThrow(/"timeout" must be a number of milliseconds/)
    expect(create({ timeout: "5s" })).toThrow(/"timeout" must be a number of milliseconds/)
    expect(create({ timeout: Number.NaN })).toThrow(/"timeout" must be a number of milliseconds/)
  })

  it('only: "sessions" needs the users adapter, and the users adapter needs only: "sessions"', () => {
    expect(create({ only: "sessions" })).toThrow(/only: "sessions" needs "users"/)
    expect(create({ users })).toThrow(/"users" is only read with only: "sessions"/)
    expect(create({ only: "users", users })).toThrow(/"only" must be "sessions"/)
    expect(create({ only: "sessions", users: {} })).toThrow(/has no getUser method/)
  })

  it("accepts the two modes, and a users adapter given as a function", () => {
    const full = RedisAdapter(redis, { prefix: "app:", timeout: 0 })
    // The 19 of the contract and Latchkey's extensions: federated sign-out, account tokens (updateAccount,
    // listAccountsByUserId) and session listing (listSessionsByUserId, deleteSessionsByUserId).
    expect(Object.keys(full).sort()).toHaveLength(24)
    expect(typeof full.deleteSessionsByProviderSession).toBe("function")
    const sessionsOnly = RedisAdapter(redis, { only: "sessions", users: () => users })
    expect(typeof sessionsOnly.getSessionAndUser).toBe("function")
  })
})
