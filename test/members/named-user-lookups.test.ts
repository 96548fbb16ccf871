import { describe, expect, it } from "vitest";
import { CSV_SLICE_BYTES } from "../../src/csv/parse";
import type { Member } from "../../src/domain/member";
import { loadNamedUsers, NamedUserLookups } from "../../src/members/named-users";
import { createMemberRuleContext } from "../../src/members/rule-context";
import { readMemberRowSteps } from "../../src/members/validate";
import type { StoreTx } from "../../src/store/port";
import { emailKey } from "../../src/values/email";
import { generateMemberBenchInput, MEMBER_BENCH_NOW } from "../bench/member-file";

const input = generateMemberBenchInput(1024 * 1024, 2_000);
const file = new TextEncoder().encode(input.csv);
const rules = createMemberRuleContext(input.organization, "PERFORM", MEMBER_BENCH_NOW);
/** Addresses taken to be other organizations' users: every seventh stored member's. */
const outside = new Set(
  input.members.filter((_, index) => index % 7 === 0).map((m) => emailKey(m.email)),
);

/** A transaction that answers the two look-ups from the generated members, noting each call. */
function recordingTx(reading: { done: boolean }) {
  const calls: { addresses: string[]; whileReading: boolean }[] = [];
  const flight = { now: 0, most: 0 };
  const byKey = new Map<string, Member>(input.members.map((m) => [emailKey(m.email), m]));
  /** Answers on a later turn of the loop, as a connection does, counting statements in flight. */
  const answer = async <T>(value: T): Promise<T> => {
    flight.now++;
    flight.most = Math.max(flight.most, flight.now);
    await new Promise((resolve) => setImmediate(resolve));
    flight.now--;
    return value;
  };
  const tx = {
    loadMembersByEmail(addresses: readonly string[]) {
      calls.push({ addresses: [...addresses], whileReading: !reading.done });
      return answer(addresses.flatMap((address) => byKey.get(address) ?? []));
    },
    loadExternalUserEmails(addresses: readonly string[]) {
      return answer(addresses.filter((address) => outside.has(address)));
    },
  } as unknown as StoreTx;
  return { tx, calls, flight };
}

/**
 * Reads the file step by step as the paced import does (a turn of the loop between two steps),
 * with the look-ups following the rows.
 */
async function readFollowed(lookups: NamedUserLookups, reading: { done: boolean }) {
  const steps = readMemberRowSteps(file, rules, undefined, CSV_SLICE_BYTES, (rows) =>
    lookups.follow(rows),
  );
  for (;;) {
    const step = steps.next();
    if (step.done === true) {
      reading.done = true;
      if (!step.value.ok) throw new Error("the generated file should pass its single-row rules");
      return step.value.rows;
    }
    lookups.step();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const sortedIds = (members: readonly Member[]) => members.map((m) => m.id).sort();

describe("NamedUserLookups", () => {
  it("asks for the rows' addresses while later rows are read, each address once and one statement at a time, and answers what one look-up of every address answers", async () => {
    const reading = { done: false };
    const { tx, calls, flight } = recordingTx(reading);
    const lookups = new NamedUserLookups(tx);
    const rows = await readFollowed(lookups, reading);
    const early = await lookups.finish();

    const whole = await loadNamedUsers(recordingTx({ done: true }).tx, rows.addresses(), undefined);
    expect(sortedIds(early.members)).toEqual(sortedIds(whole.members));
    expect([...early.externalUserEmails].sort()).toEqual([...whole.externalUserEmails].sort());
    expect(early.members.length).toBeGreaterThan(0);
    expect(early.externalUserEmails.length).toBeGreaterThan(0);

    expect(calls.length).toBeGreaterThan(1);
    expect(flight.most).toBe(1);
    expect(calls[0]?.whileReading).toBe(true);
    const sent = calls.flatMap((call) => call.addresses);
    expect(new Set(sent).size).toBe(sent.length);
    expect(new Set(sent)).toEqual(new Set(rows.addresses()));
  });

  it("rejects its answer with a look-up's failure, and one only settled (its file broke a rule) rejects unobserved", async () => {
    const failing = {
      loadMembersByEmail: () => Promise.reject(new Error("connection lost")),
      loadExternalUserEmails: async () => [],
    } as unknown as StoreTx;
    const reading = { done: false };
    const lookups = new NamedUserLookups(failing);
    await readFollowed(lookups, reading);
    await expect(lookups.finish()).rejects.toThrow("connection lost");

    // As after a file that broke a rule: the look-ups sent while reading are settled, not
    // answered. Vitest fails the run on an unhandled rejection.
    const abandoned = new NamedUserLookups(failing);
    await readFollowed(abandoned, { done: false });
    await expect(abandoned.settle()).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
