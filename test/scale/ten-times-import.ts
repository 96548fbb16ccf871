import { expect } from "vitest";
import { MAX_CSV_BYTES } from "../../src/csv/read";
import { importMembers } from "../../src/members/import";
import type { Store } from "../../src/store/port";

/** Ten times the largest member file the issue saw in use. */
export const TEN_TIMES_ROWS = 300_000;

/** New members with short values, every one managed by the first, so the file stays under 10 MiB. */
export function tenTimesMemberFile(from: number, count: number): string {
  const rows = ["First Name,Last Name,Email,Manager Email"];
  for (let n = from; n < from + count; n++) {
    rows.push(`A,B,t${n}@h.example,${n === from ? "" : `t${from}@h.example`}`);
  }
  return `${rows.join("\n")}\n`;
}

/**
 * Imports {@link TEN_TIMES_ROWS} new members into `orgId` and checks the 200 body and the end
 * state: every row stored, with its manager, and a welcome email queued for each.
 */
export async function importMembersTenTimes(store: Store, orgId: string): Promise<void> {
  const file = tenTimesMemberFile(0, TEN_TIMES_ROWS);
  expect(Buffer.byteLength(file)).toBeLessThan(MAX_CSV_BYTES);
  const before = (await store.exportSnapshot(orgId))?.members.length ?? 0;
  const outcome = await importMembers(store, {
    orgId,
    product: "PERFORM",
    file,
    now: new Date("2026-06-15T12:00:00Z"),
  });
  if (!outcome.ok)
    throw new Error(`the import was refused: ${JSON.stringify(outcome.result).slice(0, 500)}`);
  expect(outcome.result.createdCount).toBe(TEN_TIMES_ROWS);
  expect(outcome.result.updatedCount).toBe(0);
  expect(outcome.welcomeEmails).toHaveLength(TEN_TIMES_ROWS);
  const after = await store.exportSnapshot(orgId);
  const members = after?.members ?? [];
  expect(members).toHaveLength(before + TEN_TIMES_ROWS);
  const first = members.find((member) => member.email === "t0@h.example");
  const last = members.find((member) => member.email === `t${TEN_TIMES_ROWS - 1}@h.example`);
  expect(first?.managerId).toBeNull();
  expect(last?.managerId).toBe(first?.id);
  expect(
    await store.transaction(orgId, (tx) => tx.listWelcomeEmails(TEN_TIMES_ROWS + 1)),
  ).toHaveLength(TEN_TIMES_ROWS);
}
