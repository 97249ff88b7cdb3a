import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";

// The console: a single-page app built to console/dist and served by the Worker
// as Workers Static Assets (docs/decisions.md "Console"). Nothing is loaded from a CDN.
const root = import.meta.dirname;

export default defineConfig({
  root,
  base: "/",
  publicDir: "public",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  plugins: [
    {
      // The API reference renderer (/v1/docs), bundled from npm and served by the Worker, so docs work offline.
      name: "api-reference-renderer",
      apply: "build",
      writeBundle() {
        const standalone = path.join(root, "../node_modules/@scalar/api-reference/dist/browser/standalone.js");
        mkdirSync(path.join(root, "dist/docs"), { recursive: true });
        copyFileSync(standalone, path.join(root, "dist/docs/scalar.js"));
      },
    },
  ],
});
