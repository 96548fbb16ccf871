import { expect } from "vitest";
import type { Product } from "../../domain/products";
import { importMembers } from "../../members/import";
import type { Store } from "../../store/port";
import { SEED_NOW, SEED_ORG_ID } from "../seed";

/** CSV text from lines. */
export function csv(...lines: string[]): string {
  return `${lines.join("\r\n")}\r\n`;
}

/** Sequential ids, so plans are deterministic in the suite. */
export function sequentialIds(prefix = "new"): () => string {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

export function importInto(store: Store, product: Product, file: string, orgId = SEED_ORG_ID) {
  return importMembers(store, { orgId, product, file, now: SEED_NOW, newId: sequentialIds() });
}

/** Asserts an outcome is the success variant and narrows it. */
export function expectOk<T extends { ok: boolean }>(
  outcome: T,
): asserts outcome is Extract<T, { ok: true }> {
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
}
