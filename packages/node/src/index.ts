/**
 * `@latchkey/node`: run any web-standard handler (`Request` → `Response`),
 * such as Latchkey's `Auth()`, on `node:http`.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http"
 * import { Auth } from "@latchkey/core"
 * import { toNodeHandler } from "@latchkey/node"
 *
 * createServer(toNodeHandler((request) => Auth(request, config))).listen(3000)
 * // or, several times faster for Latchkey (no web Request/Response objects):
 * createServer(toNodeAuthHandler(config)).listen(3000)
 * ```
 * @module
 */
export { toAuthRequest, toNodeAuthHandler, writeAuthResponse } from "./auth-handler.js"
export { toNodeHandler, type WebHandler } from "./handler.js"
export { NodeHeaderView } from "./headers.js"
export type { NodeHandlerOptions, NodeRequestOptions, ToAuthRequestOptions, ToWebRequestOptions } from "./options.js"
export { originFromHost } from "./origin.js"
export { toWebRequest } from "./request.js"
export { writeWebResponse } from "./response.js"
