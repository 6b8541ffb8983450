/** Skills: browse, upload a zip (new Skill or new version) and download a version's archive. */

import { api } from "../api";
import { h, rawJson, replace, saveBlob, when } from "../dom";
import { go } from "../router";
import { guarded, table } from "./common";
import { uploadForm } from "./files";

export async function skillsView(main: HTMLElement, id: string | undefined): Promise<void> {
  const slot = h("div", {});
  replace(main, h("h1", {}, id ? "Skill" : "Skills"), slot);
  await guarded(slot, async () => {
    const client = api();
    if (id === undefined) {
      const skills = await client.skills.list({ limit: 100 }).page();
      replace(slot,
        uploadForm("skill-upload", "Upload a Skill (.zip)", async (file) => {
          const skill = await client.skills.create({ file });
          go(`#/skills/${skill.id}`);
        }),
        table("Skills", ["Skill", "Latest version", "Updated"], skills.data.map((s) => [
          h("a", { href: `#/skills/${s.id}` }, s.display_title ?? s.id), s.latest_version, when(s.updated_at)])));
      return;
    }
    const versions = await client.skills.versions.list(id, { limit: 100 }).page();
    // Its own slot: `guarded` clears the slot it reports into, and the page must stay.
    const failure = h("div", { class: "download-error" });
    const download = (version: string, name: string): void => void guarded(failure, async () => {
      saveBlob(await (await client.skills.versions.content(id, version)).blob(), `${name}-${version}.zip`);
    });
    replace(slot,
      h("p", {}, h("code", {}, id)),
      uploadForm("skill-version-upload", "Upload a new version (.zip)", async (file) => {
        await client.skills.versions.create(id, { file });
        go(`#/skills/${id}?v=${Date.now()}`);
      }),
      table("Versions", ["Version", "Name", "Files", "Archive", "", ""], versions.data.map((v) => [
        v.version, v.name, v.member_count, `${v.archive_size_bytes} B`,
        h("button", { type: "button", class: "secondary", onclick: () => download(v.version, v.name) }, `Download ${v.version}`),
        rawJson(v)])),
      failure);
  });
}
