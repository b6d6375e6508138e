/** The rolldown/Vite plugin that makes "virtual:simplewebauthn-browser-bundle" (simplewebauthn-browser.mjs). */
export declare function simpleWebAuthnBrowserBundle(): {
  name: string
  resolveId(id: string): string | null
  load(id: string): string | null
}
