import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import importerAliases from "../../importer-aliases.json";

/** Bytes of one file of `rpdi/importer` as tsup builds it: minified, and gzipped. */
export interface ImporterFileBytes {
  minified: number;
  gzipped: number;
}

/**
 * The weight of `<rpdi-importer>` (issue 47): the element and its module worker, each bundled
 * with every dependency inside as the package ships them (tsup's importer entry), minified, then
 * gzipped one by one, as a page downloads them.
 */
export async function importerBundleBytes(): Promise<{
  element: ImporterFileBytes;
  worker: ImporterFileBytes;
  gzipped: number;
}> {
  const [element, worker] = await Promise.all(
    ["./src/importer/index.ts", "./src/importer/worker.ts"].map(async (entry) => {
      const bundled = await build({
        entryPoints: [entry],
        bundle: true,
        platform: "browser",
        alias: importerAliases,
        format: "esm",
        target: "es2022",
        minify: true,
        write: false,
        loader: { ".csv": "text" },
        logLevel: "silent",
      });
      const code = bundled.outputFiles[0]?.contents ?? new Uint8Array(0);
      return { minified: code.byteLength, gzipped: gzipSync(code).byteLength };
    }),
  );
  const files = { element: element as ImporterFileBytes, worker: worker as ImporterFileBytes };
  return { ...files, gzipped: files.element.gzipped + files.worker.gzipped };
}
