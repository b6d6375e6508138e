/**
 * The text edit behind SQLite's table rebuild (migration 0004): only the
 * named column's NOT NULL goes, whatever the quoting, and whatever looks
 * like NOT NULL inside a string, a default or another column stays.
 */
import { describe, expect, it } from "vitest"
import { withoutNotNull } from "../src/migrations/sqlite-column-rebuild.js"

describe("withoutNotNull", () => {
  it("removes the column's NOT NULL and renames the table, keeping everything else", () => {
    const created = `create table if not exists "User" ("id" text default (lower(hex(randomblob(16)))) primary key, "name" text, "email" text not null, "emailVerified" datetime, "image" text)`
    expect(withoutNotNull(created, "email", "User_new")).toBe(
      `create table "User_new" ("id" text default (lower(hex(randomblob(16)))) primary key, "name" text, "email" text , "emailVerified" datetime, "image" text)`,
    )
  })

  it("handles other quotings, a named constraint, ON CONFLICT, and keeps UNIQUE", () => {
    expect(
      withoutNotNull("CREATE TABLE User (id TEXT PRIMARY KEY, [email] TEXT UNIQUE CONSTRAINT email_required NOT NULL ON CONFLICT ABORT)", "email", "t"),
    ).toBe('create table "t" (id TEXT PRIMARY KEY, [email] TEXT UNIQUE )')
    expect(withoutNotNull("CREATE TABLE `User`(`email` varchar(255) NOT NULL COLLATE NOCASE, x int not null)", "EMAIL", "t")).toBe(
      'create table "t" (`email` varchar(255)  COLLATE NOCASE, x int not null)',
    )
  })

  it("ignores NOT NULL written inside a string or in another column", () => {
    const created = `CREATE TABLE "User" ("note" text not null default 'email not null', "email" text default 'not null, really' not null, "check" text check ("email" is not null or 1))`
    expect(withoutNotNull(created, "email", "t")).toBe(
      `create table "t" ("note" text not null default 'email not null', "email" text default 'not null, really' , "check" text check ("email" is not null or 1))`,
    )
  })

  it("refuses a statement without that column or without NOT NULL on it", () => {
    expect(() => withoutNotNull('CREATE TABLE "User" ("id" text)', "email", "t")).toThrow(/no column "email"/)
    expect(() => withoutNotNull('CREATE TABLE "User" ("email" text unique)', "email", "t")).toThrow(/has no NOT NULL/)
  })
})
