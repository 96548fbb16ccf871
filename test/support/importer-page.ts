import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { build } from "esbuild";
import importerAliases from "../../importer-aliases.json";
import { ROOT } from "./serve";

/**
 * The element and its worker, bundled as tsup bundles `rpdi/importer` (minified, every dependency
 * inside); `root` is the checkout's (the bench, bundled elsewhere, passes its working directory).
 */
export async function bundleImporter(root = ROOT): Promise<{ element: string; worker: string }> {
  const [element, worker] = await Promise.all(
    ["src/importer/index.ts", "src/importer/worker.ts"].map(async (entry) => {
      const bundled = await build({
        entryPoints: [join(root, entry)],
        absWorkingDir: root,
        bundle: true,
        platform: "browser",
        alias: importerAliases,
        format: "esm",
        minify: true,
        target: "es2022",
        loader: { ".csv": "text" },
        write: false,
        logLevel: "silent",
      });
      return bundled.outputFiles[0]?.text ?? "";
    }),
  );
  return { element: element as string, worker: worker as string };
}

/** A page holding one `<rpdi-importer>`, defined, as `window.importer`. */
export const IMPORTER_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>rpdi importer</title><link rel="icon" href="data:,">
<main><h1>Import</h1><rpdi-importer></rpdi-importer></main>
<script type="module">
import { defineRpdiImporter } from "/importer.js";
defineRpdiImporter();
window.importer = document.querySelector("rpdi-importer");
window.ready = true;
</script></html>`;

/** Serves the page, the element and its worker on loopback; `extra` answers other paths. */
export async function serveImporterPage(
  bundle: { element: string; worker: string },
  extra: (path: string) => { type: string; body: string | Uint8Array } | undefined = () =>
    undefined,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    const answer =
      path === "/"
        ? { type: "text/html; charset=utf-8", body: IMPORTER_PAGE }
        : path === "/importer.js"
          ? { type: "text/javascript", body: bundle.element }
          : path === "/importer-worker.js"
            ? { type: "text/javascript", body: bundle.worker }
            : extra(path);
    if (answer === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": answer.type });
    response.end(answer.body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
