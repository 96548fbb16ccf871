import { defineConfig } from "tsup";

export default defineConfig([
  {
    // ESM entries share chunks, so `rpdi` and `rpdi/testing` hold one copy of the core.
    entry: { index: "src/index.ts", testing: "src/testing/index.ts" },
    format: ["esm"],
    dts: true,
    clean: true,
    sourcemap: true,
    target: "node20",
    platform: "neutral",
    splitting: true,
  },
  {
    // rpdi/testing is ESM-only: vitest, which it registers suites with, cannot be required.
    entry: { index: "src/index.ts" },
    format: ["cjs"],
    dts: true,
    sourcemap: true,
    target: "node20",
    platform: "neutral",
  },
  {
    entry: { cli: "src/cli/main.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    sourcemap: true,
    banner: { js: "#!/usr/bin/env node" },
  },
]);
