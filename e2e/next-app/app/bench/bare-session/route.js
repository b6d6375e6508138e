// For bench/integration-next.js: a bare route handler answering what GET /api/auth/session
// answers for the benchmark's cookie, without reading it: Next's own cost for this JSON.
export const dynamic = "force-dynamic"

const SESSION = { user: { name: "Bench User", email: "bench@example.test" }, expires: "2099-01-01T00:00:00.000Z" }

export function GET() {
  return Response.json(SESSION, { headers: { "cache-control": "private, no-cache, no-store" } })
}
