import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../../src/domain/snapshot";

export const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures");

/** The clock every fixture is judged at: year rules depend on it. */
export const FIXTURE_NOW = new Date("2026-06-15T00:00:00Z");

export function loadSnapshot(path: string): OrganizationSnapshot {
  return parseOrganizationSnapshot(JSON.parse(readFileSync(path, "utf8")));
}

/** Fixture pairs in a folder: `name.csv` with `name.json` beside it. */
export function fixturePairs(folder: string): { name: string; csv: string; json: string }[] {
  const dir = join(FIXTURES, folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".csv"))
    .sort()
    .map((file) => {
      const name = file.slice(0, -".csv".length);
      return { name, csv: join(dir, file), json: join(dir, `${name}.json`) };
    });
}
