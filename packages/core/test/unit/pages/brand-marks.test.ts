/**
 * The committed brand-mark module is exactly what scripts/brand-marks.mjs
 * writes from the installed simple-icons, and it covers every catalog
 * OAuth/OIDC provider in src/providers (no more, no fewer).
 */
import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
// @ts-expect-error: a plain ES module script without declarations
import { CATALOG_SLUGS, OUTPUT, renderModule } from "../../../scripts/brand-marks.mjs"
import { BRAND_MARKS, GENERIC } from "../../../src/pages/brand-marks.generated.js"
import { FAVICON } from "../../../src/pages/layout.js"

const providersDir = fileURLToPath(new URL("../../../src/providers/", import.meta.url))

async function catalogOAuthIds(): Promise<string[]> {
  const ids: string[] = []
  for (const file of readdirSync(providersDir).filter((name) => name.endsWith(".ts"))) {
    const factory = (await import(`${providersDir}${file}`)).default
    if (typeof factory !== "function") continue
    let provider: { id?: string; type?: string } | undefined
    try {
      provider = factory({ issuer: "https://idp.example.test", clientId: "id", clientSecret: "secret" })
    } catch {
      continue
    }
    if (provider?.type === "oauth" || provider?.type === "oidc") ids.push(provider.id!)
  }
  return ids.sort()
}

describe("brand marks", () => {
  it("the committed module matches the generator's output (run `node scripts/brand-marks.mjs` in packages/core)", () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(renderModule())
  })

  it("has one mark for every catalog OAuth/OIDC provider and none for anything else", async () => {
    const ids = await catalogOAuthIds()
    expect(ids).toHaveLength(93)
    expect(Object.keys(BRAND_MARKS).sort()).toEqual(ids)
    expect(Object.keys(CATALOG_SLUGS).sort()).toEqual(ids)
  })

  it("brand marks are path data only; the providers simple-icons lacks get the generic mark and no colour", () => {
    for (const [id, mark] of Object.entries(BRAND_MARKS)) {
      expect(mark.path, id).toMatch(/^[MmLlHhVvCcSsQqTtAaZz0-9.,\s-]+$/)
      const generic = (CATALOG_SLUGS as Record<string, string | null>)[id] === null
      expect(mark.path === GENERIC, id).toBe(generic)
      expect(mark.hex === undefined, id).toBe(generic)
      if (!generic) expect(mark.hex, id).toMatch(/^#[0-9a-f]{6}$/)
    }
    expect(
      Object.entries(CATALOG_SLUGS)
        .filter(([, slug]) => slug === null)
        .map(([id]) => id),
    ).toEqual([
      "asgardeo",
      "azure-ad",
      "azure-ad-b2c",
      "azure-devops",
      "bankid-no",
      "beyondidentity",
      "boxyhq-saml",
      "cognito",
      "concept2",
      "descope",
      "duende-identity-server6",
      "eventbrite",
      "eveonline",
      "freshbooks",
      "frontegg",
      "identity-server4",
      "kinde",
      "linkedin",
      "logto",
      "microsoft-entra-id",
      "netsuite",
      "onelogin",
      "osso",
      "passage",
      "ping-id",
      "pipedrive",
      "salesforce",
      "slack",
      "united-effects",
      "vipps",
      "workos",
      "yandex",
      "zitadel",
    ])
  })

  it("the favicon is an inline SVG data: URI", () => {
    expect(FAVICON).toMatch(/^data:image\/svg\+xml,%3Csvg/)
  })
})
