// auth() as a route-handler wrapper: the session arrives as req.auth.
import { auth } from "../../../auth"

export const GET = auth((req) => Response.json({ auth: req.auth }))
