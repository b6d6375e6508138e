// A typical @auth/core app: credentials sign-in, JWT sessions, the user id
// copied into the session, and a handler for a fetch-style server.
import { Auth, type AuthConfig, createActionURL, isAuthAction, setEnvDefaults } from "@auth/core"
import Credentials from "@auth/core/providers/credentials"

interface DbUser {
  id: string
  email: string
  name: string
  passwordHash: string
}
declare function findUserByEmail(email: string): Promise<DbUser | null>
declare function verifyPassword(hash: string, password: string): Promise<boolean>

export const authConfig: AuthConfig = {
  secret: process.env.AUTH_SECRET,
  trustHost: true,
  basePath: "/api/auth",
  session: { strategy: "jwt", maxAge: 60 * 60 * 24 * 7, updateAge: 60 * 60 },
  providers: [
    Credentials({
      name: "Email",
      credentials: {
        email: { label: "Email", type: "email", placeholder: "you@example.com", required: true },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, request) {
        const email = credentials.email as string
        const password = credentials.password as string
        if (!email || !password) return null
        console.log("sign-in attempt from", request.headers.get("x-forwarded-for"))
        const user = await findUserByEmail(email)
        if (!user || !(await verifyPassword(user.passwordHash, password))) return null
        return { id: user.id, email: user.email, name: user.name }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) token.id = user.id
      return token
    },
    async session({ session, token }) {
      session.user.id = token.sub!
      return session
    },
  },
}

setEnvDefaults(process.env, authConfig)

export async function handler(request: Request): Promise<Response> {
  const action = new URL(request.url).pathname.split("/")[3] ?? ""
  if (!isAuthAction(action)) return new Response("Not found", { status: 404 })
  return Auth(request, authConfig)
}

export function sessionUrl(request: Request): string {
  return createActionURL("session", "https:", request.headers, process.env, authConfig).toString()
}

export async function currentSession(request: Request) {
  const url = createActionURL("session", new URL(request.url).protocol, request.headers, process.env, authConfig)
  const response = await Auth(new Request(url, { headers: { cookie: request.headers.get("cookie") ?? "" } }), authConfig)
  const { status = 200 } = response
  const session = (await response.json()) as { user?: { id?: string } } | null
  return status === 200 ? session : null
}
