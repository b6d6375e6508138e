// An Express app on @auth/express: the middleware, getSession in a route
// and in a guard, and the re-exported types and errors.

import Credentials from "@auth/core/providers/credentials"
import { CredentialsSignin, ExpressAuth, type ExpressAuthConfig, getSession, type Session } from "@auth/express"
import express, { type NextFunction, type Request, type Response } from "express"

class WrongPassword extends CredentialsSignin {
  code = "wrong_password"
}

declare function check(username: string, password: string): Promise<{ id: string; name: string } | null>

export const authConfig: ExpressAuthConfig = {
  trustHost: true,
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      async authorize({ username, password }) {
        const user = await check(String(username), String(password))
        if (!user) throw new WrongPassword()
        return user
      },
    }),
  ],
  callbacks: {
    session({ session, token }) {
      session.user.id = token.sub!
      return session
    },
  },
}

export const app = express()
app.set("trust proxy", true)
app.use("/auth/*splat", ExpressAuth(authConfig))

export async function authenticatedUser(req: Request, res: Response, next: NextFunction) {
  const session: Session | null = res.locals.session ?? (await getSession(req, authConfig))
  if (!session?.user) {
    res.status(401).json({ message: "Not authenticated" })
    return
  }
  res.locals.session = session
  next()
}

app.get("/me", authenticatedUser, (_req, res) => {
  res.json((res.locals.session as Session).user)
})
