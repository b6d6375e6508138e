// Extra columns on the adapter's user, declared once for the whole app.
declare module "@auth/core/adapters" {
  interface AdapterUser {
    role: "admin" | "member"
    tenantId: string
  }
}

export {}
