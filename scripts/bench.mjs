/**
 * `npm run bench`: bundles the benchmarks with esbuild the way tsup builds the package (no
 * name-keeping wrappers, which tsx adds to every function and which cost the hot loops up to a
 * fifth), then runs them with the garbage collector exposed.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { build } from "esbuild";

const outdir = join(process.cwd(), ".bench", "bundle");
/** As tsup bundles the package: dependencies left to node_modules, migrations and CSVs as text. */
const bundled = {
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  loader: { ".sql": "text", ".csv": "text" },
  logLevel: "warning",
};
await build({
  ...bundled,
  // Named entries: the import pool finds its worker beside the bundle that starts it.
  entryPoints: {
    run: "test/bench/run.ts",
    "member-memory": "test/bench/member-memory.ts",
    "import-process": "test/bench/import-process.ts",
    "reads-beside-process": "test/bench/reads-beside-process.ts",
    "event-loop-process": "test/bench/event-loop-process.ts",
    "changes-process": "test/bench/changes-process.ts",
    "import-worker": "src/http/import-worker.ts",
    // The root export as tsup builds it, for the import-time figure.
    root: "src/index.ts",
  },
});
// The same app once more with rpdi's OpenTelemetry modules replaced by ones that never ask for a
// provider: rpdi before OpenTelemetry, measured beside the app as shipped (no SDK registered).
const withoutTelemetry = {
  name: "without-telemetry",
  setup(plugin) {
    const stand = { "telemetry/otel": "otel.ts", "http/telemetry": "http-telemetry.ts" };
    plugin.onResolve({ filter: /\/telemetry(\/otel)?$/ }, (args) => {
      const path = join(args.resolveDir, args.path);
      const match = Object.keys(stand).find((tail) => path.endsWith(join("src", tail)));
      return match === undefined
        ? undefined
        : { path: join(process.cwd(), "test/bench/without-telemetry", stand[match]) };
    });
  },
};
await build({
  ...bundled,
  entryPoints: { "app-without-telemetry": "test/bench/without-telemetry/app.ts" },
  plugins: [withoutTelemetry],
});
const run = spawnSync(process.execPath, ["--expose-gc", join(outdir, "run.mjs")], {
  stdio: "inherit",
});
process.exitCode = run.status ?? 1;
