import { defineConfig } from "vitest/config";

export default defineConfig({
  // SQL migrations are imported as text, as tsup's text loader does for the build.
  plugins: [
    {
      name: "sql-as-text",
      transform(code, id) {
        return id.endsWith(".sql")
          ? { code: `export default ${JSON.stringify(code)};`, map: null }
          : undefined;
      },
    },
  ],
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
