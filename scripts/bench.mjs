/**
 * `npm run bench`: bundles the benchmarks with esbuild the way tsup builds the package (no
 * name-keeping wrappers, which tsx adds to every function and which cost the hot loops up to a
 * fifth), then runs them with the garbage collector exposed.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { build } from "esbuild";

const outdir = join(process.cwd(), ".bench", "bundle");
await build({
  // Named entries: the import pool finds its worker beside the bundle that starts it.
  entryPoints: {
    run: "test/bench/run.ts",
    "member-memory": "test/bench/member-memory.ts",
    "import-process": "test/bench/import-process.ts",
    "reads-beside-process": "test/bench/reads-beside-process.ts",
    "import-worker": "src/http/import-worker.ts",
  },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  loader: { ".sql": "text" },
  logLevel: "warning",
});
const run = spawnSync(process.execPath, ["--expose-gc", join(outdir, "run.mjs")], {
  stdio: "inherit",
});
process.exitCode = run.status ?? 1;
