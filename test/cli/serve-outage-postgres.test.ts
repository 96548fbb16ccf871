import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ANSWER_BOUND_MS,
  type FaultStack,
  faultStackAbsence,
  startFaultStack,
} from "../support/fault-stack";
import { answerOf, every, type FaultAnswer, FaultTally } from "../support/fault-traffic";
import { logInToSandbox, SANDBOX_ADMIN } from "../support/sandbox-login";
import { sandboxMemberFile } from "../support/sandbox-member-file";

/** How long a read or feed call may take to be answered while the database is away. */
const READ_BOUND_MS = ANSWER_BOUND_MS;
/** The same for the 10 MiB import, which also validates and writes ~50,000 rows on a loaded machine. */
const IMPORT_BOUND_MS = 90_000;
/** Answers of each loop to see while the database is away, and again once it is back. */
const ROUNDS_PER_PHASE = 5;
const IMPORT_BYTES = 10 * 1024 * 1024;
const FEED = "/v1/job-applications?job_application_status_start=2025-01-01";

const ABSENT = await faultStackAbsence();

describe.skipIf(ABSENT !== undefined)(
  `rpdi serve while its PostgreSQL goes away, with reads, feed calls and a 10 MiB import under way${ABSENT === undefined ? "" : ` (skipped: ${ABSENT})`}`,
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

    const importedCount = async (prefix: string) =>
      (
        await stack.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM rpdi.members WHERE email LIKE $1",
          [`${prefix}.%`],
        )
      )[0]?.n;

    /**
     * Runs the loops and the import, takes the database away once the import's transaction holds
     * the organization's lock (`breakIt`), brings it back (`mendIt`, resolving once it accepts
     * connections again), and checks every answer.
     */
    async function outage(
      label: string,
      breakIt: () => Promise<void>,
      mendIt: () => Promise<void>,
    ): Promise<void> {
      await stack.flushRedis();
      const file = sandboxMemberFile(IMPORT_BYTES, `fault-${label}`);
      expect(await importedCount(file.emailPrefix)).toBe(0);
      const tally = new FaultTally();
      const headers = { cookie };
      const loops = [
        every(50, async () =>
          tally.add(
            await answerOf("departments", `${stack.rest}/departments`, { headers }, READ_BOUND_MS),
          ),
        ),
        every(50, async () =>
          tally.add(await answerOf("feed", `${stack.root}${FEED}`, { headers }, READ_BOUND_MS)),
        ),
      ];
      const form = new FormData();
      form.set("file", new Blob([file.csv]), "members.csv");
      const importing = answerOf(
        "import",
        `${stack.rest}/members/import-csv?product=PERFORM`,
        { method: "POST", headers, body: form },
        IMPORT_BOUND_MS,
      ).then((answer) => tally.add(answer));
      let imported: FaultAnswer | undefined;
      void importing.then((answer) => {
        imported = answer;
      });
      try {
        // The import's write transaction holds the organization's advisory lock: in flight now.
        await vi.waitFor(
          async () => {
            if (imported !== undefined) return;
            const locks = await stack.query(
              "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted",
            );
            if (locks.length === 0) throw new Error("the import holds no lock yet");
          },
          { timeout: IMPORT_BOUND_MS, interval: 20 },
        );
        const inFlight = imported === undefined;
        const down = performance.now();
        await breakIt();
        const answeredSince = (since: number) => (kind: string) =>
          tally.answers.filter((answer) => answer.kind === kind && answer.sentAt > since).length;
        // Enough answers while it is away: each loop's requests were sent after the fault began.
        await vi.waitFor(
          () => {
            const since = answeredSince(down);
            if (since("departments") < ROUNDS_PER_PHASE || since("feed") < ROUNDS_PER_PHASE)
              throw new Error("too few answers during the outage yet");
          },
          { timeout: 60_000, interval: 20 },
        );
        await mendIt();
        await vi.waitFor(
          async () => {
            if (!(await stack.database.accepting())) throw new Error("not accepting yet");
          },
          { timeout: 60_000, interval: 20 },
        );
        const ready = performance.now();
        const first = await answerOf(
          "first after ready",
          `${stack.rest}/departments`,
          { headers },
          READ_BOUND_MS,
        );
        const back = performance.now();
        await vi.waitFor(
          () => {
            const since = answeredSince(back);
            if (since("departments") < ROUNDS_PER_PHASE || since("feed") < ROUNDS_PER_PHASE)
              throw new Error("too few answers since the database came back yet");
          },
          { timeout: 60_000, interval: 20 },
        );
        await Promise.all(loops.map((loop) => loop.stop()));
        const answer = await importing;
        const count = await importedCount(file.emailPrefix);
        console.log(
          `${tally.summary(label)}; import ${inFlight ? "in flight at the fault" : "answered before the fault"}, answered ${answer.status} with ${count} of ${file.rows} rows stored; first request after the database accepted connections: ${first.status} in ${Math.round(first.ms)} ms (${Math.round(back - ready)} ms from ready to its answer)`,
        );
        expect(stack.child.exitCode, `rpdi serve ended: ${stack.output().slice(-3000)}`).toBeNull();
        // Every answer 200, or 503 with Retry-After; every request answered within its bound.
        expect(tally.problems(), stack.warnings().slice(0, 20).join("\n")).toEqual([]);
        expect(first.status, first.body).toBe(200);
        // All or nothing: the directory holds every row of the file or none of them.
        expect([0, file.rows]).toContain(count);
        if (answer.status === 200) expect(count).toBe(file.rows);
      } finally {
        await Promise.all(loops.map((loop) => loop.stop()));
        await importing;
      }
    }

    it("stopped (pg_ctl stop -m fast) and started again: no 500, no partial import, no request unanswered, the first request after it accepts connections answers 200", async () => {
      await outage(
        "stop and start",
        () => stack.database.stop("fast"),
        () => stack.database.start(),
      );
    }, 180_000);

    it("restarted (stopped -m fast and started at once, as pg_ctl restart does): no 500, no partial import, no request unanswered, the first request after it accepts connections answers 200", async () => {
      await outage(
        "restart",
        () => stack.database.restart(),
        async () => undefined,
      );
    }, 180_000);

    it("its postmaster killed (SIGKILL) and started again after crash recovery: no 500, no partial import, no request unanswered, the first request after it accepts connections answers 200", async () => {
      await outage(
        "SIGKILL and start",
        () => stack.database.kill(),
        () => stack.database.start(),
      );
    }, 180_000);
  },
);
