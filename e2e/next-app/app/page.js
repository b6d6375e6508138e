// Public home page: a server component reading the session with auth().
import { auth } from "../auth"
import { signInWithOp, signInWithPassword, signOutToHome } from "./actions"

export default async function Home() {
  const session = await auth()
  return (
    <main>
      <p id="status">{session?.user ? `Signed in as ${session.user.name} <${session.user.email}>` : "Not signed in"}</p>
      {session?.user ? (
        <form action={signOutToHome}>
          <button type="submit">Sign out</button>
        </form>
      ) : (
        <>
          <form action={signInWithPassword}>
            <input type="hidden" name="redirectTo" value="/dashboard" />
            <label>
              Username <input name="username" />
            </label>
            <label>
              Password <input name="password" type="password" />
            </label>
            <button type="submit">Sign in with password</button>
          </form>
          <form action={signInWithOp}>
            <input type="hidden" name="redirectTo" value="/dashboard" />
            <button type="submit">Sign in with Local OP</button>
          </form>
        </>
      )}
    </main>
  )
}
