/**
 * Files: browse, upload (multipart through the SDK), one File's details (the target of an MCP
 * result's `file_id`) and download (the content endpoint as a Blob).
 */

import { api } from "../api";
import { h, replace, saveBlob, toast, when } from "../dom";
import { go } from "../router";
import { guarded, table } from "./common";

export function uploadForm(id: string, label: string, upload: (file: File) => Promise<void>): HTMLFormElement {
  const input = h("input", { id, type: "file", required: true });
  const error = h("div", {});
  const form = h("form", { class: "row card" }, h("label", { for: id }, label), input, h("button", { type: "submit" }, "Upload"), error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const file = input.files?.[0];
    if (file) {
      void guarded(error, async () => {
        await upload(file);
        toast(`Uploaded ${file.name}`);
      });
    }
  });
  return form;
}

export async function filesView(main: HTMLElement, id: string | undefined): Promise<void> {
  const slot = h("div", {});
  replace(main, h("h1", {}, id ? "File" : "Files"), slot);
  await guarded(slot, async () => {
    const client = api();
    // Its own slot: `guarded` clears the slot it reports into, and the page must stay.
    const failure = h("div", { class: "download-error" });
    const download = (fileId: string, name: string): void => void guarded(failure, async () => {
      saveBlob(await (await client.files.content(fileId)).blob(), name);
    });
    if (id !== undefined) {
      const file = await client.files.get(id);
      replace(
        slot,
        h("dl", { class: "stats" },
          h("dt", {}, "Name"), h("dd", {}, file.filename),
          h("dt", {}, "Id"), h("dd", {}, h("code", {}, file.id)),
          h("dt", {}, "Type"), h("dd", {}, file.mime_type),
          h("dt", {}, "Size"), h("dd", {}, `${file.size_bytes} B`),
          h("dt", {}, "SHA-256"), h("dd", {}, h("code", {}, file.sha256)),
          h("dt", {}, "Created"), h("dd", {}, when(file.created_at))),
        h("button", { type: "button", onclick: () => download(file.id, file.filename) }, `Download ${file.filename}`),
        failure,
        h("p", {}, h("a", { href: "#/files" }, "All Files")),
      );
      return;
    }
    const files = await client.files.list({ limit: 100 }).page();
    replace(
      slot,
      uploadForm("file-upload", "Upload a File", async (file) => {
        await client.files.upload({ file });
        go("#/files");
      }),
      table("Files", ["Name", "Type", "Size", "Created", ""], files.data.map((f) => [
        h("a", { href: `#/files/${f.id}` }, f.filename), f.mime_type, `${f.size_bytes} B`, when(f.created_at),
        h("button", { type: "button", class: "secondary", onclick: () => download(f.id, f.filename) }, `Download ${f.filename}`)])),
      failure,
    );
  });
}
