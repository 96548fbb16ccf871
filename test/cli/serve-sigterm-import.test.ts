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

const READ_BOUND_MS = ANSWER_BOUND_MS;
/** The import's bound: it validates and writes ~15,000 rows on a loaded machine, then drains. */
const IMPORT_BOUND_MS = 60_000;
/** Large enough to be in flight when the signal comes, small enough to finish within the drain. */
const IMPORT_BYTES = 4 * 1024 * 1024;

const ABSENT = await faultStackAbsence();

describe.skipIf(ABSENT !== undefined)(
  `rpdi serve sent SIGTERM during an import${ABSENT === undefined ? "" : ` (skipped: ${ABSENT})`}`,
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

    /**
     * Sends SIGTERM once the import's write transaction holds the organization's lock, sends reads
     * until the process has exited, and checks the import, the reads and the exit code.
     */
    async function sigtermDuringImport(label: string): Promise<void> {
      const file = sandboxMemberFile(IMPORT_BYTES, `fault-${label}`);
      const imported = async () =>
        (
          await stack.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM rpdi.members WHERE email LIKE $1",
            [`${file.emailPrefix}.%`],
          )
        )[0]?.n;
      expect(await imported()).toBe(0);
      const tally = new FaultTally();
      let exited: { code: number | null; signal: string | null } | undefined;
      stack.child.once("exit", (code, signal) => {
        exited = { code, signal };
      });
      const form = new FormData();
      form.set("file", new Blob([file.csv]), "members.csv");
      let answer: FaultAnswer | undefined;
      const importing = answerOf(
        "import",
        `${stack.rest}/members/import-csv?product=PERFORM`,
        { method: "POST", headers: { cookie }, body: form },
        IMPORT_BOUND_MS,
      ).then((settled) => {
        answer = tally.add(settled);
        return settled;
      });
      // In flight: the import's write transaction holds the organization's advisory lock.
      await vi.waitFor(
        async () => {
          if (answer !== undefined) throw new Error(`the import answered ${answer.status} first`);
          const locks = await stack.query(
            "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted",
          );
          if (locks.length === 0) throw new Error("the import holds no lock yet");
        },
        { timeout: IMPORT_BOUND_MS, interval: 20 },
      );
      const signalled = performance.now();
      stack.child.kill("SIGTERM");
      const after = every(50, async () =>
        tally.add(
          await answerOf(
            "after SIGTERM",
            `${stack.rest}/departments`,
            { headers: { cookie } },
            READ_BOUND_MS,
          ),
        ),
      );
      try {
        await vi.waitFor(
          () => {
            if (exited === undefined) throw new Error("rpdi serve still runs");
          },
          { timeout: IMPORT_BOUND_MS, interval: 50 },
        );
      } finally {
        await after.stop();
        if (exited === undefined) console.log(tally.summary(`${label}, no exit`));
      }
      const settled = await importing;
      const count = await imported();
      const afterSignal = tally.answers.filter((one) => one.kind === "after SIGTERM");
      // A request may have reached the process before it handled the signal: none sent after the
      // first refusal came back may be served.
      let firstRefusal = Number.POSITIVE_INFINITY;
      for (const one of afterSignal)
        if (one.status !== 200) firstRefusal = Math.min(firstRefusal, one.sentAt + one.ms);
      const servedLate = afterSignal.filter(
        (one) => one.status === 200 && one.sentAt > firstRefusal,
      );
      console.log(
        `${tally.summary(label)}; import answered ${settled.status ?? settled.error} with ${count} of ${file.rows} rows stored; exited ${exited?.code ?? exited?.signal} ${Math.round(performance.now() - signalled)} ms after the signal`,
      );
      expect([0, file.rows]).toContain(count);
      // Drained: the import whole and exit 0. A grace that ran out cuts the import, which then
      // leaves nothing, and exits 1 (`rpdi serve --shutdown-grace-ms`: a cut drain is a failure).
      if (settled.status === 200) {
        expect(count).toBe(file.rows);
        expect(exited).toEqual({ code: 0, signal: null });
      } else {
        // Cut: the database rolls the import back, unless its COMMIT was already on the wire when
        // the grace ran out; either way all or nothing (checked above).
        expect(exited).toEqual({ code: 1, signal: null });
      }
      expect([200, 503, null]).toContain(settled.status);
      expect(firstRefusal, "some request after SIGTERM was refused").toBeLessThan(
        Number.POSITIVE_INFINITY,
      );
      expect(servedLate.length, "served after a refusal").toBe(0);
      // Every answer 200, or 503 with Retry-After; none hung (a refused or closed connection is
      // no answer, and fine once the process stops listening).
      expect(tally.problems([200, 503], true), stack.warnings().slice(0, 20).join("\n")).toEqual(
        [],
      );
    }

    it("drains: the 4 MiB import in flight ends whole (200 and every row stored) or not at all (rolled back), requests after the signal get 503 or a refused connection, and the process exits 0 (1 when a grace that ran out cut the import)", async () => {
      await sigtermDuringImport("sigterm");
    }, 180_000);

    it("with a grace too short for the import (--shutdown-grace-ms 500): the cut import is rolled back whole (or, its COMMIT already sent, committed whole), requests after the signal get 503 or a refused connection, and the process exits 1 (0 if the import made it)", async () => {
      await stack.serveAgain(["--pool-size", "4", "--shutdown-grace-ms", "500"]);
      await sigtermDuringImport("sigterm-short-grace");
    }, 180_000);
  },
);
