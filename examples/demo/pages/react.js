// The React page: an empty root that ./browser/react-app.jsx (bundled at
// start) renders into with @latchkey/client/react's useSession.
import { renderPage } from "./layout.js"

/** The React page's HTML. */
export function renderReactPage() {
  return renderPage({
    title: "React page",
    head: `<script type="module" src="/assets/react-app.js"></script>`,
    body: `<p class="muted">Rendered in the browser by React with <code>SessionProvider</code> and <code>useSession()</code> from <code>@latchkey/client/react</code>.</p><div id="react-root"><p role="status">Loading the session…</p></div>`,
  })
}
