"use client"
import { useSession } from "@latchkey/next/react"

export default function ClientStatus() {
  const { data, status, update } = useSession()
  return (
    <section>
      <p id="client-status">{status === "authenticated" ? `client: ${data.user.name}` : `client: ${status}`}</p>
      <button type="button" onClick={() => update()}>
        Refresh session
      </button>
    </section>
  )
}
