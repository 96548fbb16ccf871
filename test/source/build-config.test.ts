import { readFileSync } from "node:fs";
import type { Options } from "tsup";
import { describe, expect, it } from "vitest";
import config from "../../tsup.config";

const configs = (env: Record<string, string> = {}): Options[] => {
  if (typeof config !== "function") throw new Error("tsup.config.ts must export a function");
  const built = config({ env });
  if (!Array.isArray(built)) throw new Error("tsup.config.ts must build a list of configurations");
  return built as Options[];
};
const scripts: Record<string, string> = JSON.parse(readFileSync("package.json", "utf8")).scripts;

describe("the build", () => {
  it("emits type declarations for every library entry in `npm run build`, and none in `build:js`", () => {
    const library = configs().filter(
      (entry) => entry.format !== undefined && entry.dts !== undefined,
    );
    expect(library.length).toBeGreaterThan(0);
    for (const entry of library) {
      expect(entry.dts).toBeTruthy();
      // The ESM build names its library entries, leaving out the CLI it builds beside them.
      if (typeof entry.dts === "object")
        expect(Object.keys(entry.dts.entry ?? {}).sort()).toEqual([
          "client",
          "examples",
          "http",
          "index",
          "postgres",
          "testing",
        ]);
    }
    for (const entry of configs({ RPDI_DECLARATIONS: "off" }))
      expect(entry.dts ?? false).toBe(false);
  });

  it("builds only the JavaScript before the demo and the sandbox", () => {
    expect(scripts["build:js"]).toBe("tsup --env.RPDI_DECLARATIONS off");
    expect(scripts.demo).toMatch(/^npm run build:js && /);
    expect(scripts.serve).toMatch(/^npm run build:js && /);
    expect(scripts.build).toBe("tsup");
  });
});
