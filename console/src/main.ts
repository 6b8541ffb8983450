/**
 * Console entry: the views, the navigation and the sign-in gate.
 *
 * Hands the router (`router.ts`) the renderer that picks a view for a route; each view renders
 * into `<main>` and may return a cleanup (the Session page closes its stream). Views import
 * navigation from the router, never from here. Not responsible for any view's content.
 */

import "./style.css";

import { signOut, storedKey } from "./api";
import { h, replace } from "./dom";
import { go, start, type Cleanup, type Route } from "./router";
import { agentsView } from "./views/agents";
import { environmentsView } from "./views/environments";
import { filesView } from "./views/files";
import { memoryView } from "./views/memory";
import { sessionView } from "./views/session";
import { sessionsView } from "./views/sessions";
import { signInView } from "./views/signin";
import { skillsView } from "./views/skills";
import { vaultsView } from "./views/vaults";

type View = (main: HTMLElement, route: Route) => Cleanup | void | Promise<Cleanup | void>;

const VIEWS: Record<string, View> = {
  sessions: (main, route) => (route.id ? sessionView(main, route.id) : sessionsView(main, route.query)),
  agents: (main, route) => agentsView(main, route.id),
  environments: (main, route) => environmentsView(main, route.id),
  files: (main, route) => filesView(main, route.id),
  skills: (main, route) => skillsView(main, route.id),
  memory: (main, route) => memoryView(main, route.id, route.query),
  vaults: (main, route) => vaultsView(main, route.id),
};
const NAV: Array<[string, string]> = [
  ["sessions", "Sessions"],
  ["agents", "Agents"],
  ["environments", "Environments"],
  ["files", "Files"],
  ["skills", "Skills"],
  ["memory", "Memory Stores"],
  ["vaults", "Vaults"],
];

function renderNav(current: string, signedIn: boolean): void {
  const nav = document.getElementById("nav");
  const who = document.getElementById("who");
  if (!nav || !who) {
    return;
  }
  replace(
    nav,
    ...(signedIn
      ? NAV.map(([view, label]) =>
          h("a", { href: `#/${view}`, "aria-current": view === current ? "page" : undefined }, label),
        )
      : []),
  );
  replace(
    who,
    signedIn
      ? h("button", { type: "button", class: "secondary", onclick: () => (signOut(), go("#/signin")) }, "Sign out")
      : null,
  );
}

async function render(route: Route): Promise<Cleanup | void> {
  const main = document.getElementById("main");
  if (!main) {
    return;
  }
  const signedIn = storedKey() !== null;
  const view = signedIn ? (VIEWS[route.view] ?? VIEWS["sessions"]) : undefined;
  renderNav(route.view, signedIn);
  main.replaceChildren();
  if (view === undefined) {
    signInView(main, route.view === "signin" || !signedIn ? "#/sessions" : window.location.hash);
    return;
  }
  return await view(main, route);
}

// The skip link moves focus without touching the hash, which belongs to the router.
document.querySelector(".skip")?.addEventListener("click", (event) => {
  event.preventDefault();
  document.getElementById("main")?.focus();
});
start(render);
