/**
 * `useOauthPopupLogin`: sign in with an OAuth provider in a popup window,
 * as `@hono/auth-js/react` offers. The popup's final page (your
 * `callbackUrl`) reports back with `window.opener.postMessage({ status:
 * "success" }, location.origin)` (or `{ status: "errored", error }`).
 */
import { signIn } from "@latchkey/client/react"
import { useCallback, useEffect, useState } from "react"

/** Options of {@link useOauthPopupLogin}. */
export interface OauthPopupOptions {
  /** Popup width in pixels. Default 500. */
  width?: number
  /** Popup height in pixels. Default 500. */
  height?: number
  /** Popup window name. Default `"Signin"`. */
  title?: string
  /** Called when the popup reports success. */
  onSuccess?: () => void
  /** Where the provider returns to in the popup. Default `/`. */
  callbackUrl?: string
}

/** The popup sign-in's state. */
export type OauthPopupState = { status: "loading" | "success" | "errored"; error?: string }

function centredPopup(url: string, title: string, width: number, height: number): Window | null {
  const left = window.screenX + (window.outerWidth - width) / 2
  const top = window.screenY + (window.outerHeight - height) / 2.5
  return window.open(url, title, `width=${width},height=${height},left=${left},top=${top}`)
}

/**
 * Returns `popUpSignin()`, which starts the provider's sign-in and opens
 * its page in a centred popup, and the state the popup last reported.
 * Messages from other origins are ignored.
 */
export function useOauthPopupLogin(provider: string, options: OauthPopupOptions = {}): OauthPopupState & { popUpSignin: () => Promise<void> } {
  const { width = 500, height = 500, title = "Signin", onSuccess, callbackUrl = "/" } = options
  const [popup, setPopup] = useState<Window | null>(null)
  const [state, setState] = useState<OauthPopupState>({ status: "loading" })
  const popUpSignin = useCallback(async () => {
    const result = await signIn(provider, { redirect: false, callbackUrl })
    if (!result || result.error || !result.url) {
      setState({ status: "errored", error: result?.error ?? "SignInFailed" })
      return
    }
    setPopup(centredPopup(result.url, title, width, height))
  }, [provider, callbackUrl, title, width, height])
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      const data = event.data as Partial<OauthPopupState> | null
      if (data?.status !== "success" && data?.status !== "errored") return
      setState(data.error === undefined ? { status: data.status } : { status: data.status, error: data.error })
      if (data.status === "success") onSuccess?.()
      popup?.close()
    }
    window.addEventListener("message", onMessage)
    return () => {
      window.removeEventListener("message", onMessage)
      popup?.close()
    }
  }, [popup, onSuccess])
  return { popUpSignin, ...state }
}
