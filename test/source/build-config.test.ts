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
    const built = configs().filter(
      (entry) => entry.format !== undefined && entry.dts !== undefined,
    );
    // The only build without declarations is the sandbox's /import page script, no library entry.
    const undeclared = built.filter((entry) => entry.dts === false);
    expect(undeclared.map((entry) => Object.keys(entry.entry ?? {}))).toEqual([["import-page"]]);
    const library = built.filter((entry) => entry.dts !== false);
    expect(library.length).toBeGreaterThan(0);
    const named: string[] = [];
    for (const entry of library) {
      expect(entry.dts).toBeTruthy();
      if (typeof entry.dts === "object") named.push(...Object.keys(entry.dts.entry ?? {}));
    }
    // The ESM builds name their library entries, leaving out the CLI and the importer's worker
    // and page script built beside them.
    expect(named.sort()).toEqual([
      "client",
      "examples",
      "http",
      "importer",
      "index",
      "postgres",
      "testing",
    ]);
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
