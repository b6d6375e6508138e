/** The rate-limit store suite against core's MemoryRateLimitStore. */
import { MemoryRateLimitStore } from "../../core/src/security/rate-limit/memory-store.js"
import { runRateLimitStoreTests } from "../src/index.js"

runRateLimitStoreTests({ name: "MemoryRateLimitStore", createStore: (now) => new MemoryRateLimitStore({ now }) })
