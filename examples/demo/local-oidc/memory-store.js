// Where the provider keeps its short-lived state (interactions, sessions,
// codes, grants): in memory, one store per running provider. A restart ends
// the provider's own sessions, which only means the login page shows again;
// the signing keys, which must survive, live in the secrets file instead.

/**
 * An oidc-provider adapter class (its `adapter` option) over one `Map`
 * created here, so two providers in one process never share state. Expired
 * entries are dropped when read.
 */
export function memoryAdapter() {
  const entries = new Map()
  const live = (key) => {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key)
      return undefined
    }
    return entry.payload
  }
  return class MemoryStore {
    constructor(model) {
      this.model = model
    }
    key(id) {
      return `${this.model}:${id}`
    }
    async upsert(id, payload, expiresIn) {
      entries.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity })
    }
    async find(id) {
      return live(this.key(id))
    }
    async findByUid(uid) {
      for (const key of entries.keys()) {
        const payload = key.startsWith(`${this.model}:`) ? live(key) : undefined
        if (payload?.uid === uid) return payload
      }
      return undefined
    }
    async findByUserCode(userCode) {
      for (const key of entries.keys()) {
        const payload = key.startsWith(`${this.model}:`) ? live(key) : undefined
        if (payload?.userCode === userCode) return payload
      }
      return undefined
    }
    async consume(id) {
      const payload = live(this.key(id))
      if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id) {
      entries.delete(this.key(id))
    }
    // Per model, as oidc-provider calls it: an interaction that names the grant must survive its revocation.
    async revokeByGrantId(grantId) {
      for (const [key, entry] of entries) if (key.startsWith(`${this.model}:`) && entry.payload.grantId === grantId) entries.delete(key)
    }
  }
}
