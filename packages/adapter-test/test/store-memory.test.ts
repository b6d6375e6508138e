/** The store suite against core's MemoryStore: on a clock the suite moves, and on the real one. */
import { MemoryStore } from "../../core/src/store/memory-store.js"
import { runStoreTests } from "../src/index.js"

runStoreTests({ name: "MemoryStore", clock: "manual", createStore: (now) => new MemoryStore({ now }) })

runStoreTests({ name: "MemoryStore on the real clock", createStore: () => new MemoryStore() })
