import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/serve";
import suites from "../support/suites.json" with { type: "json" };

/**
 * `npm test`'s `main` project runs file after file in each worker process, modules kept: a module
 * mock, a global provider, a changed working directory or environment variable, or fake timers
 * left on would reach the files after it. Such a file is listed under `isolated` in
 * test/support/suites.json, with the reason: the `isolated` project gives each a process of its own.
 */
const REFUSED: [RegExp, string][] = [
  [/\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/, "mocks modules or globals"],
  [/\.setGlobal(TracerProvider|MeterProvider|ContextManager|Propagator)\(/, "sets a global"],
  [/\bprocess\.chdir\(/, "changes the working directory"],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]|\bdelete process\.env\b/, "changes process.env"],
  [/\bprocess\.(on|once)\(/, "listens to the process"],
];

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || entry.name === "bench") return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith(".ts") ? [relative(ROOT, path)] : [];
  });
}

/** `test/scale/**\/*.test.ts` as a pattern over relative paths. */
function glob(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\*\*\//g, "(.+/)?").replace(/\*/g, "[^/]*")}$`);
}

describe("files that share a worker process", () => {
  const slow = suites.slow.map(glob);
  const isolated: Record<string, string> = suites.isolated;
  const shared = files(join(ROOT, "test")).filter(
    (file) => !(file in isolated) && !slow.some((pattern) => pattern.test(file)),
  );

  it("leave no module mocks, globals, working directory, environment or fake timers behind", () => {
    expect(shared.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of shared) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const [pattern, what] of REFUSED) if (pattern.test(text)) found.push(`${file}: ${what}`);
      if (text.includes("vi.useFakeTimers(") && !text.includes("vi.useRealTimers("))
        found.push(`${file}: leaves fake timers on`);
    }
    expect(found).toEqual([]);
  });

  it("names only files that exist as isolated, each with its reason, or as started first", () => {
    for (const [file, reason] of Object.entries(isolated)) {
      expect(readdirSync(join(ROOT, file, ".."))).toContain(file.split("/").at(-1));
      expect(reason).not.toBe("");
    }
    for (const file of suites.first)
      expect(readdirSync(join(ROOT, file, ".."))).toContain(file.split("/").at(-1));
  });
});
