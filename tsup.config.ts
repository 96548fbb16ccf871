import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { defineConfig, type Options } from "tsup";
import browserAliases from "./browser-aliases.json";
import importerAliases from "./importer-aliases.json";
import {
  SWAGGER_UI_DIRECTORY,
  SWAGGER_UI_LICENSES,
  SWAGGER_UI_SERVED,
} from "./src/cli/swagger-ui-files";

/** Migrations and the example CSV files are bundled as text. */
const TEXT_FILES = { ".sql": "text", ".csv": "text" } as const;

/**
 * Source maps name lines of src/ in stack traces (`node --enable-source-maps`) without carrying
 * the TypeScript sources: they were 3.7 MB of a 5.7 MB package.
 */
const withoutSourcesContent: Options["esbuildOptions"] = (options) => {
  options.sourcesContent = false;
};

/**
 * `rpdi serve`'s API reference page serves Swagger UI from the package: only the files it serves
 * (gzip-compressed) and their licences are copied beside the CLI, so swagger-ui-dist is a dev
 * dependency.
 */
async function copySwaggerUi(): Promise<void> {
  const from = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const to = join("dist", SWAGGER_UI_DIRECTORY);
  mkdirSync(to, { recursive: true });
  for (const name of Object.keys(SWAGGER_UI_SERVED))
    writeFileSync(join(to, `${name}.gz`), gzipSync(readFileSync(join(from, name)), { level: 9 }));
  for (const name of SWAGGER_UI_LICENSES) copyFileSync(join(from, name), join(to, name));
}

/** The entries whose declarations the package publishes (every subpath but the CLI's). */
const LIBRARY_DECLARATIONS = {
  index: "src/index.ts",
  http: "src/http/index.ts",
  postgres: "src/postgres/index.ts",
  testing: "src/testing/index.ts",
  client: "src/client/index.ts",
  examples: "src/examples/index.ts",
};

/** The /import page's script as `import-page.js.gz`, the only copy the package carries. */
async function gzipImportPage(): Promise<void> {
  const file = join("dist", "import-page.js");
  writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
  rmSync(file);
}

/** The CLI's entry made runnable (its `#!` line, the one file that gets it) and its page files. */
async function finishCli(): Promise<void> {
  const cli = join("dist", "cli.js");
  writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, "utf8")}`);
  chmodSync(cli, 0o755);
  await copySwaggerUi();
}

export default defineConfig((options): Options[] => {
  // `npm run build:js` (demo, serve) skips the type declarations, most of a full build's time.
  const dts = options.env?.RPDI_DECLARATIONS !== "off";
  return [
    {
      // ESM entries share chunks, so `rpdi` and `rpdi/testing` hold one copy of the core.
      entry: {
        index: "src/index.ts",
        http: "src/http/index.ts",
        postgres: "src/postgres/index.ts",
        testing: "src/testing/index.ts",
        client: "src/client/index.ts",
        examples: "src/examples/index.ts",
        // The import pool's worker: loaded by file name beside the chunk that starts the pool.
        "import-worker": "src/http/import-worker.ts",
        // The CLI shares the library's chunks rather than carrying a copy of it (issue 44: the
        // install had reached its 50 MiB bound).
        cli: "src/cli/main.ts",
      },
      format: ["esm"],
      loader: TEXT_FILES,
      dts: dts && { entry: LIBRARY_DECLARATIONS },
      // dist/ is emptied by the prebuild scripts: tsup's clean of one build's declarations
      // (dist/**/*.d.ts) would race the other builds writing theirs.
      clean: false,
      sourcemap: true,
      esbuildOptions: withoutSourcesContent,
      target: "node20",
      platform: "neutral",
      splitting: true,
      onSuccess: finishCli,
    },
    {
      // rpdi/testing is ESM-only: vitest, which it registers suites with, cannot be required.
      // jose is ESM-only too; the CommonJS build carries its own copy so require works on Node 20.0+.
      entry: {
        index: "src/index.ts",
        http: "src/http/index.ts",
        postgres: "src/postgres/index.ts",
        client: "src/client/index.ts",
        examples: "src/examples/index.ts",
      },
      format: ["cjs"],
      loader: TEXT_FILES,
      noExternal: ["jose"],
      // The import pool finds its worker by import.meta.url, which CommonJS has not.
      shims: true,
      dts,
      sourcemap: true,
      esbuildOptions: withoutSourcesContent,
      target: "node20",
      platform: "neutral",
    },
    {
      // The browser condition of `rpdi`: the file rules, self-contained (every dependency bundled,
      // csv-parse's browser build), so a page imports it with or without a bundler.
      entry: { browser: "src/browser.ts" },
      format: ["esm"],
      loader: TEXT_FILES,
      noExternal: [/./],
      dts,
      // No map: the browser bundles' maps (whose sources the package does not carry) were 0.5 MB
      // of an install bounded at 50 MiB; a browser's tools show the minified bundle.
      sourcemap: false,
      target: "es2022",
      platform: "browser",
      minify: true,
      esbuildOptions: (options) => {
        options.sourcesContent = false;
        // Each package's own browser build (csv-parse, csv-stringify): their Node builds need streams.
        options.alias = browserAliases;
      },
    },
    {
      // rpdi/importer: the element and its module worker, self-contained like the browser build.
      // The element loads `importer-worker.js` beside itself (new URL(…, import.meta.url)).
      entry: { importer: "src/importer/index.ts", "importer-worker": "src/importer/worker.ts" },
      format: ["esm"],
      loader: TEXT_FILES,
      noExternal: [/./],
      dts: dts && { entry: { importer: "src/importer/index.ts" } },
      // No map, as the browser build (the install's bound).
      sourcemap: false,
      target: "es2022",
      platform: "browser",
      minify: true,
      splitting: false,
      esbuildOptions: (options) => {
        options.sourcesContent = false;
        // The browser build's aliases, and a small CSV writer in place of csv-stringify (the
        // worker writes only a header row and edited rows; a property test keeps them equal).
        options.alias = importerAliases;
      },
    },
    {
      // `rpdi serve`'s /import page script: rpdi/client for the browser, loading ./importer.js
      // beside it. A sandbox asset, so no source map (the package's install size is bounded).
      entry: { "import-page": "src/cli/import-page-script.ts" },
      // Stored gzip-compressed, as Swagger UI's files are: 0.75 MB minified (rpdi/client with
      // zod) of a package whose install size is bounded; the page decompresses it once.
      onSuccess: gzipImportPage,
      format: ["esm"],
      noExternal: [/./],
      dts: false,
      sourcemap: false,
      target: "es2022",
      platform: "browser",
      minify: true,
      esbuildOptions: (options) => {
        options.alias = browserAliases;
      },
    },
  ];
});
