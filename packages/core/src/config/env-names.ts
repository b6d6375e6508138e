/**
 * The environment variable names of a provider's options, as `@auth/core`
 * builds them: `AUTH_{ID}_ID`, `AUTH_{ID}_SECRET`, `AUTH_{ID}_ISSUER`,
 * `AUTH_{ID}_KEY`, where `{ID}` is the provider id upper-cased with `-` as
 * `_` (docs/configuration.md, "Environment variables and helpers").
 */

/** The `AUTH_{ID}_{option}` name of a provider option, e.g. `("microsoft-entra-id", "SECRET")` → `AUTH_MICROSOFT_ENTRA_ID_SECRET`. */
export function providerEnvName(providerId: string, option: "ID" | "SECRET" | "ISSUER" | "KEY"): string {
  return `AUTH_${providerId.toUpperCase().replace(/-/g, "_")}_${option}`
}
