/** Modules that the build and the tests make (build-plugins/), not files. */
declare module "virtual:simplewebauthn-browser-bundle" {
  /** `@simplewebauthn/browser` 14's UMD bundle, as text. */
  const bundle: string
  export default bundle
}
