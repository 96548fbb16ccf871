import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ANSWER_BOUND_MS,
  type FaultStack,
  faultStackAbsence,
  startFaultStack,
} from "../support/fault-stack";
import { answerOf, every, FaultTally } from "../support/fault-traffic";
import { logInToSandbox, SANDBOX_ADMIN } from "../support/sandbox-login";

/** How long a feed call or a login may take to be answered while Redis is away. */
const BOUND_MS = ANSWER_BOUND_MS;
const ROUNDS_PER_PHASE = 5;
const FEED = "/v1/job-applications?job_application_status_start=2025-01-01";
/** Consecutive failures login protection lets an account take before it holds the account back. */
const FREE_FAILURES = 5;

const ABSENT = await faultStackAbsence();

describe.skipIf(ABSENT !== undefined)(
  `rpdi serve while its Redis goes away, with feed calls and logins under way${ABSENT === undefined ? "" : ` (skipped: ${ABSENT})`}`,
  () => {
    let stack: FaultStack;
    let cookie: string;

    beforeAll(async () => {
      stack = await startFaultStack(["--pool-size", "4"]);
      const login = await logInToSandbox(stack.root, SANDBOX_ADMIN);
      expect(login.cookie, stack.output()).not.toBeNull();
      cookie = login.cookie as string;
    }, 60_000);

    afterAll(async () => {
      await stack?.remove();
    }, 60_000);

    it("stopped and started again: no 500 (feed and login answer 200, 429 or 503), an account still held back after repeated wrong passwords while it is away, the feed back at 200 once it returns", async () => {
      const tally = new FaultTally();
      const feed = () =>
        answerOf("feed", `${stack.root}${FEED}`, { headers: { cookie } }, BOUND_MS);
      const login = (kind: string, form: { email: string; password: string }) =>
        answerOf(
          kind,
          `${stack.root}/app/sandbox/admin/auth/`,
          { method: "POST", body: new URLSearchParams(form) },
          BOUND_MS,
        );
      let attempt = 0;
      const loops = [
        every(50, async () => tally.add(await feed())),
        // Wrong passwords for unknown addresses, few enough to stay under the client's daily cap.
        every(250, async () =>
          tally.add(
            await login("login", {
              email: `nobody.${++attempt}@hartwell.example`,
              password: "not-the-password",
            }),
          ),
        ),
      ];
      const answeredSince = (since: number, kind: string) =>
        tally.answers.filter((answer) => answer.kind === kind && answer.sentAt > since).length;
      const enough = (since: number) => () => {
        if (answeredSince(since, "feed") < ROUNDS_PER_PHASE || answeredSince(since, "login") < 3)
          throw new Error("too few answers yet");
      };
      try {
        await vi.waitFor(enough(0), { timeout: 30_000, interval: 20 });
        const down = performance.now();
        await stack.redis.stop();
        await vi.waitFor(enough(down), { timeout: 60_000, interval: 20 });

        // Never unlimited logins: past the free failures the right password opens no session.
        for (let failure = 0; failure <= FREE_FAILURES; failure++)
          tally.add(await login("lockout", { ...SANDBOX_ADMIN, password: "wrong-password" }));
        const held = await logInToSandbox(stack.root, SANDBOX_ADMIN, {
          signal: AbortSignal.timeout(BOUND_MS),
        });

        await stack.redis.start();
        const ready = performance.now();
        let firstBack: number | undefined;
        await vi.waitFor(
          async () => {
            const answer = tally.add(await feed());
            if (answer.status !== 200) throw new Error(`the feed answers ${answer.status}`);
            firstBack = performance.now() - ready;
          },
          { timeout: 60_000, interval: 50 },
        );
        await Promise.all(loops.map((loop) => loop.stop()));
        console.log(
          `${tally.summary("Redis stop and start")}; the right password after ${FREE_FAILURES + 1} wrong ones while Redis was away: ${held.status}, ${held.cookie === null ? "no session" : "A SESSION"}; the feed answered 200 again ${Math.round(firstBack ?? -1)} ms after Redis answered PING`,
        );
        // Every answer 200, 429 or 503 (with Retry-After); every request answered within its bound.
        expect(tally.problems([200, 429, 503]), stack.warnings().slice(0, 20).join("\n")).toEqual(
          [],
        );
        expect(held.cookie).toBeNull();
      } finally {
        await Promise.all(loops.map((loop) => loop.stop()));
      }
    }, 180_000);
  },
);
