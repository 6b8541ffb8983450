/**
 * The hash router: the route, navigation and the current view's cleanup.
 *
 * Routes are `#/<view>/<id>?<query>`. Views import `go` (and `Cleanup`) from here, never from
 * `main.ts`; `main.ts` hands `start` the renderer that picks a view, so this module imports
 * no view and the import graph stays acyclic. Not responsible for any view's content.
 */

export interface Route {
  view: string;
  id: string | undefined;
  query: URLSearchParams;
}

export type Cleanup = () => void;
/** Renders the page for a route; the cleanup it returns runs before the next render. */
export type Renderer = (route: Route) => Promise<Cleanup | void>;

let renderer: Renderer | undefined;
let cleanup: Cleanup | undefined;

export function parseRoute(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#\/?/, "").split("?");
  const [view = "sessions", id] = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { view, id, query: new URLSearchParams(query) };
}

/** Navigate to `hash`; the same hash renders again (a hashchange would not fire). */
export function go(hash: string): void {
  if (window.location.hash === hash) {
    void render();
  } else {
    window.location.hash = hash;
  }
}

async function render(): Promise<void> {
  cleanup?.();
  cleanup = undefined;
  if (renderer === undefined) {
    return;
  }
  const result = await renderer(parseRoute(window.location.hash));
  cleanup = result ?? undefined;
}

/** Render the current hash with `renderPage`, and again on every hash change. */
export function start(renderPage: Renderer): void {
  renderer = renderPage;
  window.addEventListener("hashchange", () => void render());
  void render();
}
