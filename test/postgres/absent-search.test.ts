import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import type { PostgresStore } from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import { SEED_NOW, SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { dropStore, freshStore, newPGlite } from "./stores";

/** New members, then one row repeating the first address: refused by a rule across rows. */
function refusedFile(rows: number): string {
  const lines = ["First Name,Last Name,Email"];
  for (let index = 0; index < rows; index++)
    lines.push(`New${index},Person,new.${index}@firm.example`);
  lines.push("Again,Person,NEW.0@firm.example");
  return `${lines.join("\n")}\n`;
}

const ABSENT_SEARCH = /^SELECT m\.email, m\.first_name, m\.last_name FROM .*NOT EXISTS/s;

/**
 * A store on a new PGlite database holding the seed organization, whose statements `body` reads
 * in `sent` as they are sent (the search again once its answer is in), from an empty list.
 */
async function onRecordingStore(
  body: (store: PostgresStore, sent: string[]) => Promise<void>,
): Promise<void> {
  const database = newPGlite();
  const sent: string[] = [];
  const client: PostgresClient = {
    query: async (text, params) => {
      sent.push(text.trim());
      const answer = await database.query(text, params as unknown[]);
      if (ABSENT_SEARCH.test(text.trim())) sent.push("(search answered)");
      return answer as never;
    },
  };
  const store = await freshStore(client, "absent_search");
  try {
    await store.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
    sent.length = 0;
    await body(store, sent);
  } finally {
    await dropStore(store);
    await database.close();
  }
}

/** The search was answered before the transaction's last statement, `end`, was sent. */
function expectSearchAnsweredBefore(sent: readonly string[], end: RegExp): void {
  const answered = sent.indexOf("(search answered)");
  const ended = sent.findIndex((text) => end.test(text));
  expect(answered).toBeGreaterThan(-1);
  expect(ended).toBe(sent.length - 1);
  expect(answered).toBeLessThan(ended);
}

describe("a member import's early search for absent members, on PGlite", () => {
  // 5,000 rows: the search's address parameter is built over turns of the loop, so an import
  // that did not wait for it would end its transaction first (`pace: null`) or beside it.
  for (const pace of [null, undefined])
    it(`a refused file's search ends before its transaction does (pace ${String(pace)})`, () =>
      onRecordingStore(async (store, sent) => {
        const outcome = await importMembers(store, {
          orgId: SEED_ORG_ID,
          product: "PERFORM",
          file: refusedFile(5_000),
          now: SEED_NOW,
          pace,
        });
        expect(outcome.ok).toBe(false);
        expectSearchAnsweredBefore(sent, /^(COMMIT|ROLLBACK)\b/);
      }));

  it("a host's onPhase that throws as the rules across rows end fails the import once the search has ended", () =>
    onRecordingStore(async (store, sent) => {
      const failure = new Error("the host's phase hook failed");
      const error = await importMembers(store, {
        orgId: SEED_ORG_ID,
        product: "PERFORM",
        file: refusedFile(5_000).split("\n").slice(0, -2).join("\n"),
        now: SEED_NOW,
        pace: null,
        onPhase: (phase) => {
          if (phase === "checked") throw failure;
        },
      }).catch((thrown: unknown) => thrown);
      expect((error as { cause?: unknown }).cause ?? error).toBe(failure);
      expectSearchAnsweredBefore(sent, /^ROLLBACK\b/);
    }));
});
