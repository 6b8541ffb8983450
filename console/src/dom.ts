/**
 * A tiny element builder: every text goes through text nodes, never HTML parsing, so nothing a
 * Session or a user typed can inject markup. Not a framework: views re-render their own parts.
 */

export type Child = Node | string | number | null | undefined | false;
type Attr = string | number | boolean | undefined | null | ((event: Event) => void);

/** `h("button", {class: "x", onclick: fn}, "Label")`. Booleans toggle attributes; `on*` bind listeners. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (value === true) {
      el.setAttribute(name, "");
    } else if (value !== false && value !== undefined && value !== null) {
      el.setAttribute(name, String(value));
    }
  }
  append(el, ...children);
  return el;
}

export function append(el: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    el.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

/** Replace every child of `el`. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, ...children);
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** A `<details>` holding the pretty-printed JSON of `value`. */
export function rawJson(value: unknown, label = "Raw JSON"): HTMLDetailsElement {
  return h("details", { class: "raw" }, h("summary", {}, label), h("pre", {}, json(value)));
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : "—";
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** Show a short message in the polite live region for a few seconds. */
export function toast(message: string): void {
  const el = document.getElementById("toast");
  if (el) {
    el.textContent = message;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (el.textContent = ""), 5000);
  }
}

/** Offer `blob` as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: filename });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
