import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

const source = (path: string) => resolve(import.meta.dirname, "src", path);

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
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
