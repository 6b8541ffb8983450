/** Shared pieces of the list views: a table, cursor pager buttons and an error slot. */

import { describeError } from "../api";
import { h, type Child } from "../dom";

export function table(caption: string, head: string[], rows: Child[][]): HTMLTableElement {
  return h(
    "table",
    {},
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, ...head.map((label) => h("th", { scope: "col" }, label)))),
    h("tbody", {}, ...(rows.length ? rows : [[h("em", {}, "none")]]).map((cells) => h("tr", {}, ...cells.map((c) => h("td", {}, c))))),
  );
}

export function errorBox(exc: unknown): HTMLElement {
  return h("p", { class: "error", role: "alert" }, describeError(exc));
}

/** Run `task`, showing its failure in `slot` instead of throwing. */
export async function guarded(slot: HTMLElement, task: () => Promise<void>): Promise<void> {
  slot.textContent = "";
  try {
    await task();
  } catch (exc) {
    slot.replaceChildren(errorBox(exc));
  }
}

export function pager(prev: string | null, next: string | null, goTo: (cursor: string) => void): HTMLElement {
  return h(
    "nav",
    { class: "row pager", "aria-label": "Pages" },
    h("button", { type: "button", class: "secondary", disabled: prev === null, onclick: () => prev && goTo(prev) }, "← Previous page"),
    h("button", { type: "button", class: "secondary", disabled: next === null, onclick: () => next && goTo(next) }, "Next page →"),
  );
}
