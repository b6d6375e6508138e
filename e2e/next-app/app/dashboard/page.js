// A protected server component: the proxy keeps signed-out users away, and auth() gives the user.
import { redirect } from "next/navigation"
import { auth } from "../../auth"

export default async function Dashboard() {
  const session = await auth()
  if (!session?.user) redirect("/")
  return (
    <main>
      <h1 id="dashboard">Dashboard of {session.user.name}</h1>
      <p id="email">{session.user.email}</p>
    </main>
  )
}
