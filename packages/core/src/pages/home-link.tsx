/**
 * The link back to the application, labelled with its host (the part of the
 * URL a user recognises).
 */
import { hostOf, safeLinkUrl } from "./url.js"

/**
 * A link to `homeUrl` showing its host (a relative URL gets a generic
 * label). Renders nothing when the URL is not http(s) or relative.
 */
export function HomeLink({ homeUrl, button = false, secondary = false }: { homeUrl: string; button?: boolean; secondary?: boolean }) {
  const href = safeLinkUrl(homeUrl)
  if (!href) return null
  const host = hostOf(href)
  const label = button ? `Go to ${host ?? "the home page"}` : (host ?? "Go to the home page")
  return (
    <a class={button ? (secondary ? "lk-button lk-button-secondary" : "lk-button") : "lk-host"} href={href}>
      {label}
    </a>
  )
}
