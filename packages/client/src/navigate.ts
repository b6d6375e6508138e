/** Leaving the page for a URL the server gave. */

/** Goes to `url`; a URL with a fragment does not reload the page by itself, so it is reloaded explicitly. */
export function navigate(url: string): void {
  window.location.href = url
  if (url.includes("#")) window.location.reload()
}
