import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ANSWER_BOUND_MS,
  type FaultStack,
  faultStackAbsence,
  startFaultStack,
} from "../support/fault-stack";
import { answerOf, FaultTally } from "../support/fault-traffic";
import { logInToSandbox, SANDBOX_ADMIN } from "../support/sandbox-login";

/** `rpdi serve --pool-size`: small, so a few held requests take every connection. */
const POOL_SIZE = 2;
/** Requests sent once every connection is held; each must get 503 instead of waiting on. */
const LATER = 6;
/** How long a request may wait for a pooled connection before its 503, and more for the machine. */
const READ_BOUND_MS = ANSWER_BOUND_MS;
/** The held requests wait on the lock until it is released, after the later ones have answered. */
const HELD_BOUND_MS = 60_000;

const ABSENT = await faultStackAbsence();

describe.skipIf(ABSENT !== undefined)(
  `rpdi serve with its connection pool exhausted by slow queries${ABSENT === undefined ? "" : ` (skipped: ${ABSENT})`}`,
  () => {
    let stack: FaultStack;
    let cookie: string;

    beforeAll(async () => {
      stack = await startFaultStack(["--pool-size", String(POOL_SIZE)]);
      const login = await logInToSandbox(stack.root, SANDBOX_ADMIN);
      expect(login.cookie, stack.output()).not.toBeNull();
      cookie = login.cookie as string;
    }, 60_000);

    afterAll(async () => {
      await stack?.remove();
    }, 60_000);

    it(`every connection held by reads waiting on a lock: the ${LATER} requests after them answer 503 with Retry-After within the bound instead of waiting, and once the lock is released everything answers 200`, async () => {
      const tally = new FaultTally();
      const departments = (kind: string, bound: number) =>
        answerOf(kind, `${stack.rest}/departments`, { headers: { cookie } }, bound).then((answer) =>
          tally.add(answer),
        );
      expect((await departments("before", READ_BOUND_MS)).status).toBe(200);

      // Every read of the organization's lists starts on the organizations table.
      const locker = new pg.Client({ connectionString: stack.database.url });
      locker.on("error", () => undefined);
      await locker.connect();
      let held: Promise<unknown>[] = [];
      let later: Awaited<ReturnType<typeof departments>>[] = [];
      try {
        await locker.query("BEGIN");
        await locker.query("LOCK TABLE rpdi.organizations IN ACCESS EXCLUSIVE MODE");
        held = Array.from({ length: POOL_SIZE }, () => departments("held", HELD_BOUND_MS));
        await vi.waitFor(
          async () => {
            const { rows } = await locker.query<{ waiting: number }>(
              "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
            );
            if ((rows[0]?.waiting ?? 0) < POOL_SIZE)
              throw new Error("the pool's connections are not all waiting on the lock yet");
          },
          { timeout: 30_000, interval: 20 },
        );
        // Answered while the lock is still held: a wait with a bound, not a wait for the lock.
        later = await Promise.all(
          Array.from({ length: LATER }, () => departments("later", READ_BOUND_MS)),
        );
      } finally {
        await locker.query("ROLLBACK").catch(() => undefined);
        await locker.end();
      }
      await Promise.all(held);
      const after = await departments("after release", READ_BOUND_MS);
      console.log(
        `${tally.summary("pool exhausted")}; the later requests answered in at most ${Math.round(later.reduce((max, answer) => Math.max(max, answer.ms), 0))} ms`,
      );
      expect(later.map((answer) => answer.status)).toEqual(Array(LATER).fill(503));
      // Every answer 200, or 503 with Retry-After; every request answered within its bound.
      expect(tally.problems(), stack.warnings().slice(0, 20).join("\n")).toEqual([]);
      expect(after.status, after.body).toBe(200);
    }, 120_000);
  },
);
