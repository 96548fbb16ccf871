import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import suites from "./test/support/suites.json" with { type: "json" };

const source = (path: string) => resolve(import.meta.dirname, "src", path);

/** Suites whose time grows with scale or trials, run by `npm run test:slow` (and CI). */
const SLOW_SUITES = suites.slow;
/**
 * Files that need a process of their own (each with its reason in suites.json): every other file
 * of `npm test` runs in `main`, whose workers run file after file and keep their modules.
 */
const ISOLATED_SUITES = Object.keys(suites.isolated);
/**
 * The conformance kit runs on one PostgreSQL engine in `npm test`: the server DATABASE_URL names
 * (test/postgres/server.test.ts), else PGlite; `npm run test:slow` runs it on PGlite beside a server.
 */
const PGLITE_KIT = "test/postgres/pglite-conformance.test.ts";
/** The suites that run on PGlite and on a server (test/postgres/stores.ts's postgresEngines). */
const TWO_ENGINE_SUITES = ["test/postgres/live-data.test.ts", "test/postgres/change-log.test.ts"];
const KIT_ON_SERVER = process.env.DATABASE_URL !== undefined;
/** Once per run: the CLI bundled for child processes, a PGlite cluster to load databases from. */
const GLOBAL_SETUP = "test/support/global-setup.ts";

/**
 * Vitest's order (each project's files by their last duration, else by size), with the files that
 * run longest (`first` in suites.json) moved to the front of their project. A run ends when its
 * last file does: started late, one of them ran on alone for 30 s. Vitest's cache cannot say so on
 * a clean clone (CI) nor after a run where the file skipped (the PostgreSQL suites without a
 * server, the PGlite kit with one).
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = suites.first.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? suites.first.length : index;
    };
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((spec) => spec.project.name === name).sort((a, b) => rank(a) - rank(b)),
    );
  }
}

export default defineConfig({
  // SQL migrations and example CSV files are imported as text, as tsup's text loader does.
  plugins: [
    {
      name: "text-files",
      transform(code, id) {
        return id.endsWith(".sql") || id.endsWith(".csv")
          ? { code: `export default ${JSON.stringify(code)};`, map: null }
          : undefined;
      },
    },
  ],
  // Documentation samples import the package by name; tests run them against the source.
  resolve: {
    alias: [
      { find: /^rpdi$/, replacement: source("index.ts") },
      {
        find: /^rpdi\/(http|postgres|testing|client|examples)$/,
        replacement: source("$1/index.ts"),
      },
    ],
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest runs one file at a time on a 2-core machine (cores - 1); most files wait on child
    // processes, sockets and databases, so one more worker than cores keeps both cores busy.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirst },
    projects: [
      // `npm test` runs `main` and `isolated`. A new process per test file (vitest's default)
      // spent more than half of the run's CPU importing the same modules again: `main`'s workers
      // run file after file and keep their modules, so its files leave no mocks or globals behind
      // (test/source/isolation.test.ts); the few that cannot are `isolated`, a process each.
      {
        extends: true,
        test: {
          name: "main",
          include: ["test/**/*.test.ts"],
          exclude: [...SLOW_SUITES, ...ISOLATED_SUITES, ...(KIT_ON_SERVER ? [PGLITE_KIT] : [])],
          isolate: false,
          globalSetup: [GLOBAL_SETUP],
          provide: { postgresLegs: KIT_ON_SERVER ? "server" : "pglite" },
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: ISOLATED_SUITES,
          provide: { postgresLegs: KIT_ON_SERVER ? "server" : "pglite" },
        },
      },
      // `npm run test:slow` (CI runs it after npm test): scale, soak, crash and fault suites, and
      // the kit and the two-engine suites on PGlite when npm test ran them on a server.
      {
        extends: true,
        test: {
          name: "slow",
          include: [...SLOW_SUITES, ...(KIT_ON_SERVER ? [PGLITE_KIT, ...TWO_ENGINE_SUITES] : [])],
          globalSetup: [GLOBAL_SETUP],
          provide: { postgresLegs: "pglite" },
        },
      },
    ],
  },
});
