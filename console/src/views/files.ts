/** Files: browse, upload (multipart through the SDK) and download (the content endpoint as a Blob). */

import { api } from "../api";
import { h, replace, saveBlob, toast, when } from "../dom";
import { go } from "../main";
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

export async function filesView(main: HTMLElement): Promise<void> {
  const slot = h("div", {});
  replace(main, h("h1", {}, "Files"), slot);
  await guarded(slot, async () => {
    const client = api();
    const files = await client.files.list({ limit: 100 }).page();
    const download = (id: string, name: string): void => void guarded(slot, async () => {
      saveBlob(await (await client.files.content(id)).blob(), name);
    });
    replace(
      slot,
      uploadForm("file-upload", "Upload a File", async (file) => {
        await client.files.upload({ file });
        go("#/files");
      }),
      table("Files", ["Name", "Type", "Size", "Created", ""], files.data.map((f) => [
        f.filename, f.mime_type, `${f.size_bytes} B`, when(f.created_at),
        h("button", { type: "button", class: "secondary", onclick: () => download(f.id, f.filename) }, `Download ${f.filename}`)])),
    );
  });
}
