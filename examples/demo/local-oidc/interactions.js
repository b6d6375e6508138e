// The provider's interaction routes: oidc-provider sends the browser to
// /interaction/{uid} whenever it needs the user (to log in, to consent), and
// these routes answer it with the pages and finish the interaction with the
// user's choice. See oidc-provider's "User flows" documentation.
import { consentPage, errorPage, loginPage } from "./pages.js"
import { demoUser } from "./users.js"

/** Largest form body accepted (the forms send one short field at most). */
const MAX_FORM_BYTES = 1024

/** The description the client gets with `access_denied` when the user cancels. */
export const CANCEL_DESCRIPTION = "The user cancelled the sign-in at the Local OIDC provider."

/** Headers of every page: no caching, no framing, only this origin's style and images. */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
}

/** Sends an HTML page with {@link PAGE_HEADERS}. */
export function sendPage(res, status, html) {
  res.writeHead(status, PAGE_HEADERS)
  res.end(html)
}

/**
 * A request handler for `/interaction/{uid}` (GET: the login or consent page)
 * and `/interaction/{uid}/{login|confirm|abort}` (POST: the user's choice).
 * Returns false for any other path, so the caller hands it to oidc-provider.
 */
export function interactionHandler(provider) {
  return async function handleInteraction(req, res) {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm|abort))?$/.exec(new URL(req.url, "http://x").pathname)
    if (match === null) return false
    const [, uid, action] = match
    try {
      await answer(provider, req, res, uid, action)
    } catch (error) {
      // An unknown or expired interaction (no interaction cookie, or its time is up).
      if (error?.name === "SessionNotFound" || error?.name === "InvalidRequest") {
        sendPage(res, 400, errorPage({ title: "Sign-in expired", message: "This sign-in is no longer valid. Go back to the app and start again." }))
      } else {
        provider.emit("server_error", undefined, error)
        sendPage(
          res,
          500,
          errorPage({ title: "Something went wrong", message: "The Local OIDC provider could not finish this step. Go back to the app and start again." }),
        )
      }
    }
    return true
  }
}

async function answer(provider, req, res, uid, action) {
  const interaction = await provider.interactionDetails(req, res)
  // The interaction cookie must belong to the interaction in the URL.
  if (interaction.uid !== uid) {
    sendPage(res, 400, errorPage({ title: "Sign-in expired", message: "This page belongs to another sign-in. Go back to the app and start again." }))
    return
  }
  const prompt = interaction.prompt.name
  if (action === undefined) {
    if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(res, "GET")
    const client = await provider.Client.find(interaction.params.client_id)
    const clientName = client?.clientName ?? String(interaction.params.client_id)
    if (prompt === "login") return sendPage(res, 200, loginPage({ uid, clientName }))
    const user = demoUser(interaction.session?.accountId)
    const scopes = String(interaction.params.scope ?? "").split(" ")
    return sendPage(res, 200, consentPage({ uid, clientName, userName: user?.name ?? "an unknown user", scopes }))
  }
  if (req.method !== "POST") return methodNotAllowed(res, "POST")
  const form = await readForm(req)
  if (action === "abort") {
    return provider.interactionFinished(req, res, { error: "access_denied", error_description: CANCEL_DESCRIPTION }, { mergeWithLastSubmission: false })
  }
  // A form from a page the interaction has moved past (Back, then submit): show the current page again.
  if ((action === "login") !== (prompt === "login")) return seeOther(res, `/interaction/${uid}`)
  if (action === "login") {
    const user = demoUser(form.get("user"))
    if (user === undefined) {
      return sendPage(res, 400, errorPage({ title: "Unknown user", message: "Pick one of the demo users on the sign-in page." }))
    }
    return provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false })
  }
  return provider.interactionFinished(req, res, { consent: { grantId: await grantFor(provider, interaction) } }, { mergeWithLastSubmission: true })
}

/** Saves a Grant of everything the consent prompt found missing (scopes, claims, resource scopes). */
async function grantFor(provider, interaction) {
  const { accountId } = interaction.session
  const clientId = interaction.params.client_id
  const grant = (interaction.grantId && (await provider.Grant.find(interaction.grantId))) || new provider.Grant({ accountId, clientId })
  const details = interaction.prompt.details ?? {}
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "))
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims)
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(" "))
  return grant.save()
}

/** The urlencoded body, at most {@link MAX_FORM_BYTES}; a larger one is read as empty. */
async function readForm(req) {
  let size = 0
  const chunks = []
  for await (const chunk of req) {
    size += chunk.length
    if (size > MAX_FORM_BYTES) return new URLSearchParams()
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"))
}

function seeOther(res, location) {
  res.writeHead(303, { location, "content-length": "0" })
  res.end()
}

function methodNotAllowed(res, allowed) {
  res.writeHead(405, { allow: allowed, "content-type": "text/plain; charset=utf-8" })
  res.end("Method not allowed")
}
