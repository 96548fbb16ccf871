import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coalesce } from "../../src/cli/coalesce";

const turn = () => new Promise((resolve) => setImmediate(resolve));

interface Run {
  startedAt: number;
  settledAt: number | null;
  finish: (ok: boolean) => void;
}

describe("coalesce", () => {
  it("property: runs never overlap, and every request settles with a run that started after it, with that run's outcome", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("request", "succeed", "fail"), { maxLength: 40 }),
        async (actions) => {
          let clock = 0;
          let active = 0;
          const runs: Run[] = [];
          const coalesced = coalesce(
            () =>
              new Promise<void>((resolve, reject) => {
                active += 1;
                expect(active).toBe(1);
                const run: Run = {
                  startedAt: clock,
                  settledAt: null,
                  finish: (ok) => {
                    active -= 1;
                    run.settledAt = clock;
                    if (ok) resolve();
                    else reject(new Error(`run ${runs.indexOf(run)} failed`));
                  },
                };
                runs.push(run);
              }),
          );
          const answers: { askedAt: number; outcome: Promise<string> }[] = [];
          const finishCurrent = (ok: boolean) => {
            const current = runs.find((run) => run.settledAt === null);
            current?.finish(ok);
          };
          for (const action of actions) {
            clock += 1;
            if (action === "request") {
              const askedAt = clock;
              answers.push({
                askedAt,
                outcome: coalesced.request().then(
                  () => `ok@${clock}`,
                  (error: Error) => error.message,
                ),
              });
            } else finishCurrent(action === "succeed");
            await turn();
          }
          // Let every remaining run finish, successfully.
          for (let guard = 0; guard < 100 && runs.some((run) => run.settledAt === null); guard++) {
            clock += 1;
            finishCurrent(true);
            await turn();
          }
          await coalesced.settled();
          for (const { askedAt, outcome } of answers) {
            const answer = await outcome;
            const failed = /^run (\d+) failed$/.exec(answer);
            if (failed !== null) {
              const run = runs[Number(failed[1])] as Run;
              expect(run.startedAt).toBeGreaterThanOrEqual(askedAt);
            } else {
              const settledAt = Number(answer.slice(3));
              expect(
                runs.some(
                  (run) =>
                    run.startedAt >= askedAt &&
                    run.settledAt !== null &&
                    run.settledAt <= settledAt,
                ),
              ).toBe(true);
            }
          }
          expect(runs.length).toBeLessThanOrEqual(answers.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
