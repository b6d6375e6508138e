// useSession (the client hook) next to server actions that change the session.
import { SessionProvider } from "@latchkey/next/react"
import { auth } from "../../auth"
import { rename, signInWithPassword, signOutToHome } from "../actions"
import ClientStatus from "./status"

export default async function ClientPage() {
  const session = await auth()
  return (
    <main>
      <SessionProvider>
        <ClientStatus />
      </SessionProvider>
      <form action={signInWithPassword}>
        <input type="hidden" name="redirectTo" value="/client" />
        <input name="username" aria-label="Username" />
        <input name="password" type="password" aria-label="Password" />
        <button type="submit">Sign in here</button>
      </form>
      <form action={rename}>
        <input name="name" aria-label="New name" />
        <button type="submit">Rename</button>
      </form>
      <p id="server-name">{session?.user?.name ?? "nobody"}</p>
      <form action={signOutToHome}>
        <button type="submit">Sign out here</button>
      </form>
    </main>
  )
}
