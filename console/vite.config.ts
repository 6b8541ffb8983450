// Builds the console into the server package, which serves it at /console/ (no Node at run time).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  base: "/console/",
  resolve: { alias: { "@mango-ai/sdk": here("../sdk-typescript/src/browser.ts") } },
  build: {
    outDir: here("../server/src/mango_server/api/console_static"),
    emptyOutDir: true,
    // One CSS file and hashed chunks; no inline scripts, so the console runs under a strict CSP.
    assetsInlineLimit: 0,
  },
});
