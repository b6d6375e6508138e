// auth as Next 16's proxy (middleware.ts before Next 16): runs the authorized callback.
export { auth as proxy } from "./auth"

export const config = { matcher: ["/dashboard/:path*"] }
