import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import importerAliases from "../../importer-aliases.json";

declare module "vitest" {
  export interface ProvidedContext {
    /** `rpdi`'s CLI bundled from src/ for this run (see {@link bundleCli}). */
    cliBundle: string;
    /** A fresh PGlite cluster as a tarball, for `loadDataDir` (see {@link pgliteDataDir}). */
    pgliteDataDir: string;
    /** Which legs two-engine PostgreSQL suites run in this project (vitest.config.ts). */
    postgresLegs: "pglite" | "server" | "both";
  }
}

const ROOT = join(import.meta.dirname, "../..");
/** This run's files, and the PGlite cluster kept between runs (in .gitignore). */
const RUNS = join(ROOT, ".test-run");
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The CLI and the import pool's worker bundled from src/ by esbuild, the transform tsx applies
 * file by file (names kept as tsx keeps them, migrations and CSV files as text as in the build).
 * A child `rpdi` from this bundle started in 0.8 s of CPU, from tsx in 2.5 s: loader hooks
 * resolving and loading every module on each start. The bundle sits two levels below the
 * repository, where the CLI finds fixtures/ as from src/cli, and the worker beside it, where the
 * pool looks for `import-worker.mjs`.
 */
async function bundleCli(directory: string): Promise<string> {
  await build({
    entryPoints: {
      cli: join(ROOT, "src/cli/main.ts"),
      "import-worker": join(ROOT, "src/http/import-worker.ts"),
    },
    outdir: directory,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    loader: { ".sql": "text", ".csv": "text" },
    keepNames: true,
    logLevel: "warning",
  });
  // The /import page's files, beside the CLI where the page looks for them, bundled as tsup does.
  await build({
    entryPoints: {
      importer: join(ROOT, "src/importer/index.ts"),
      "importer-worker": join(ROOT, "src/importer/worker.ts"),
      "import-page": join(ROOT, "src/cli/import-page-script.ts"),
    },
    outdir: directory,
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    alias: importerAliases,
    absWorkingDir: ROOT,
    loader: { ".csv": "text" },
    logLevel: "warning",
  });
  return join(directory, "cli.mjs");
}

/**
 * A new PGlite database runs initdb: 2 to 4 s of CPU (the first in a process compiles the
 * WebAssembly too). Loaded from the tarball of one that did, a database starts in 0.7 to 1 s. The
 * tarball is made once per PGlite version and kept in .test-run/ (written under another name,
 * then renamed, so runs side by side never read half of one).
 */
async function pgliteDataDir(): Promise<string> {
  const { version } = JSON.parse(
    readFileSync(join(ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  );
  const path = join(RUNS, `pglite-${version}.tar`);
  if (existsSync(path)) return path;
  const { PGlite } = await import("@electric-sql/pglite");
  const database = new PGlite();
  await database.query("SELECT 1");
  const dump = await database.dumpDataDir("none");
  await database.close();
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  // Atomic on one file system: a run beside this one reads a whole tarball, its own or this one.
  renameSync(partial, path);
  return path;
}

/** A run's directory older than a day belongs to a run that ended without its teardown. */
function removeStaleRuns(): void {
  for (const entry of readdirSync(RUNS)) {
    const path = join(RUNS, entry);
    if (entry.startsWith("run-") && Date.now() - statSync(path).mtimeMs > DAY_MS)
      rmSync(path, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(RUNS, { recursive: true });
  removeStaleRuns();
  const directory = join(RUNS, `run-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  mkdirSync(directory);
  const [cli, dataDir] = await Promise.all([bundleCli(directory), pgliteDataDir()]);
  project.provide("cliBundle", cli);
  project.provide("pgliteDataDir", dataDir);
  return () => rmSync(directory, { recursive: true, force: true });
}
