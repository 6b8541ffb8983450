/** Memory Stores: browse stores and their memories by path, read, download, and upload a memory. */

import type { Memory } from "@mango-ai/sdk";

import { api } from "../api";
import { h, replace, saveBlob, when } from "../dom";
import { go } from "../router";
import { guarded, table } from "./common";

export async function memoryView(main: HTMLElement, id: string | undefined, query: URLSearchParams): Promise<void> {
  const slot = h("div", {});
  replace(main, h("h1", {}, id ? "Memory Store" : "Memory Stores"), slot);
  await guarded(slot, async () => {
    const client = api();
    if (id === undefined) {
      const stores = await client.memory_stores.list({ limit: 100 }).page();
      replace(slot, table("Memory Stores", ["Name", "Id", "Updated"], stores.data.map((s) => [
        h("a", { href: `#/memory/${s.id}` }, s.name), h("code", {}, s.id), when(s.updated_at)])));
      return;
    }
    const prefix = query.get("prefix") ?? "";
    const page = await client.memory_stores.memories.list(id, { limit: 100, depth: 1, ...(prefix ? { path_prefix: prefix } : {}) }).page();
    const viewer = h("div", { id: "memory-viewer", "aria-live": "polite" });
    const open = (memory: Memory): void => void guarded(viewer, async () => {
      const full = await client.memory_stores.memories.get(id, memory.id, { view: "full" });
      const content = full.content ?? "";
      replace(viewer, h("h2", {}, full.path), h("pre", {}, content),
        h("button", { type: "button", class: "secondary", onclick: () => saveBlob(new Blob([content], { type: "text/plain" }), full.path.split("/").pop() ?? "memory.txt") }, "Download"));
    });
    replace(slot,
      h("p", {}, h("code", {}, id), prefix ? ` / ${prefix}` : ""),
      table("Memories", ["Path", "Size", "Updated"], page.data.map((item) => item.type === "memory_prefix"
        ? [h("a", { href: `#/memory/${id}?prefix=${encodeURIComponent(item.path)}` }, `${item.path} (folder)`), "", ""]
        : [h("button", { type: "button", class: "link", onclick: () => open(item) }, item.path), `${item.content_size_bytes} B`, when(item.updated_at)])),
      viewer,
      memoryUpload(id, prefix));
  });
}

function memoryUpload(id: string, prefix: string): HTMLFormElement {
  const path = h("input", { id: "memory-path", type: "text", required: true, value: prefix });
  const file = h("input", { id: "memory-file", type: "file", required: true });
  const error = h("div", {});
  const form = h("form", { class: "card" }, h("h2", {}, "Upload a memory"),
    h("label", { for: "memory-path" }, "Path"), path, h("label", { for: "memory-file" }, "Text file"), file,
    h("button", { type: "submit" }, "Upload"), error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = file.files?.[0];
    if (chosen) {
      void guarded(error, async () => {
        await api().memory_stores.memories.create(id, { path: path.value, content: await chosen.text() });
        go(`#/memory/${id}?prefix=${encodeURIComponent(prefix)}&t=${Date.now()}`);
      });
    }
  });
  return form;
}
