import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io";
import { outboxCommand } from "../../src/cli/outbox";
import { createMemoryStore, type MemoryStore } from "../../src/memory/store";
import { SEED_NOW } from "../../src/testing/seed";
import { seedOutbox } from "../outbox/seed";
import { connectionRefused } from "../support/unreachable-store";

const OUTBOX_CALLS = [
  "claimWelcomeEmails",
  "acknowledgeWelcomeEmailClaims",
  "claimWebhookEvents",
  "settleWebhookEvents",
] as const;
type OutboxCall = (typeof OUTBOX_CALLS)[number];

/**
 * The memory store whose outbox calls fail as an unreachable database, the first `failures` of
 * them (of the calls named in `only`, when given), then answer; `answered` is told of each call
 * that went through.
 */
function restartingDatabase(
  store: MemoryStore,
  failures: number,
  answered: (call: OutboxCall) => void,
  only: readonly OutboxCall[] = OUTBOX_CALLS,
): MemoryStore {
  let left = failures;
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (!OUTBOX_CALLS.includes(key as OutboxCall)) return value;
      return async (...args: unknown[]) => {
        if (left > 0 && only.includes(key as OutboxCall)) {
          left -= 1;
          throw connectionRefused();
        }
        const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        answered(key as OutboxCall);
        return answer;
      };
    },
  });
}

/** `rpdi outbox deliver` (not --once) over `store`, stopped once `done` says so. */
async function deliverUntil(
  make: (stop: (call: OutboxCall) => void) => MemoryStore,
  done: (call: OutboxCall) => boolean,
) {
  const out: string[] = [];
  const err: string[] = [];
  let stop: () => void = () => undefined;
  const store = make((call) => {
    if (done(call)) stop();
  });
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: async () => new Uint8Array(),
    fileSize: async () => 0,
    writeFile: async () => undefined,
    color: false,
    now: () => new Date(),
  };
  const code = await outboxCommand(
    ["deliver", "--database-url", "postgres://unused/db", "--idle-ms", "1"],
    io,
    {
      env: {},
      cwd: process.cwd(),
      onStopSignal: (onStop) => {
        stop = onStop;
        return () => undefined;
      },
      openStore: async () => ({ store, close: async () => undefined }),
    },
  );
  const sent = out
    .join("")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => (JSON.parse(line) as { idempotencyKey: string }).idempotencyKey);
  return { code, err: err.join(""), sent };
}

/** What is still waiting in the outbox (claimed far in the future, so every lease has ended). */
async function waiting(store: MemoryStore): Promise<number> {
  const claimed = await store.claimWelcomeEmails({
    worker: "check",
    limit: 1000,
    leaseMs: 1,
    now: new Date(SEED_NOW.getTime() + 1e12),
  });
  return claimed.length;
}

describe("rpdi outbox deliver through a database restart", () => {
  it("waits out failed claims and settlements, says so once going and once back, then delivers everything once", async () => {
    const memory = createMemoryStore();
    await seedOutbox(memory, 3);
    let acknowledged = 0;
    const run = await deliverUntil(
      (answered) => restartingDatabase(memory, 4, answered),
      (call) => call === "acknowledgeWelcomeEmailClaims" && ++acknowledged === 1,
    );
    expect(run.code).toBe(0);
    expect(run.sent).toHaveLength(6);
    expect(new Set(run.sent).size).toBe(6);
    const down = run.err.match(/the database cannot be reached/g) ?? [];
    const back = run.err.match(/the database is back after \d+ ms \(4 failed calls\)/g) ?? [];
    expect([down.length, back.length]).toEqual([1, 1]);
    expect(run.err).toContain(
      "rpdi: outbox deliver: the database cannot be reached (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432); waiting and retrying, nothing is lost\n",
    );
    expect(await waiting(memory)).toBe(0);
  });

  it("an acknowledgement that failed is sent again: the emails leave the outbox, none is lost", async () => {
    const memory = createMemoryStore();
    await seedOutbox(memory, 2);
    const run = await deliverUntil(
      (answered) => restartingDatabase(memory, 2, answered, ["acknowledgeWelcomeEmailClaims"]),
      (call) => call === "acknowledgeWelcomeEmailClaims",
    );
    expect(run.code).toBe(0);
    expect(run.sent).toHaveLength(4);
    expect(await waiting(memory)).toBe(0);
    expect(run.err).toContain("the database is back after");
  });
});
