import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: { index: "src/index.ts" },
    format: ["esm", "cjs"],
    dts: true,
    clean: true,
    sourcemap: true,
    target: "node20",
    platform: "neutral",
    splitting: false,
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
