/** Sign-in: paste an API key; it is checked with one authenticated call before it is kept. */

import { describeError, makeClient, signIn } from "../api";
import { h, replace } from "../dom";
import { go } from "../router";

export function signInView(main: HTMLElement, next: string): void {
  const input = h("input", { id: "api-key", type: "password", autocomplete: "off", required: true, spellcheck: "false" });
  const error = h("p", { id: "signin-error", class: "error", role: "alert" });
  const button = h("button", { type: "submit" }, "Sign in");
  const form = h(
    "form",
    { class: "card narrow", "aria-labelledby": "signin-title" },
    h("h1", { id: "signin-title" }, "Sign in to Mango"),
    h("p", {}, "Paste a Workspace API key. It stays in this tab (sessionStorage) and is sent only in the Authorization header."),
    h("label", { for: "api-key" }, "API key"),
    input,
    button,
    error,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void check(input.value.trim(), error, button, next);
  });
  replace(main, form);
  input.focus();
}

async function check(key: string, error: HTMLElement, button: HTMLButtonElement, next: string): Promise<void> {
  error.textContent = "";
  button.disabled = true;
  try {
    await makeClient(key).agents.list({ limit: 1 }).page();
    signIn(key);
    go(next === "#/signin" ? "#/sessions" : next);
  } catch (exc) {
    error.textContent = describeError(exc);
  } finally {
    button.disabled = false;
  }
}
