import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTotp } from "../../src/auth/totp";
import { RpdiAuthenticationError } from "../../src/client/index";
import { clientOf, FakeClock, json, MFA_SECRET, rejection, StubService } from "./stub-service";

/*
 * The MFA login on a fake clock: a code is sent at most once per 30-second step, and the code is
 * computed at the service's time (learnt from its `Date` header), as the stub service checks it:
 * one step of drift either side, each step accepted once.
 */

const STEP = 30_000;
const stepStart = (at: number) => Math.floor(at / STEP) * STEP;
const codeAt = (at: number) => generateTotp(MFA_SECRET, new Date(at));

/** The step whose code `code` is, searched around the service's time. */
function stepOf(code: string | null, around: number): number | undefined {
  const center = Math.floor(around / STEP);
  for (let step = center - 12; step <= center + 12; step += 1)
    if (codeAt(step * STEP) === code) return step;
  return undefined;
}

function mfaService(options: { serverSkewMs?: number; start?: number } = {}) {
  return new StubService({
    clock: new FakeClock(options.start ?? Date.parse("2026-03-01T12:00:05Z")),
    mfaSecret: MFA_SECRET,
    serverSkewMs: options.serverSkewMs ?? 0,
    api: () => json(["Litigation"]),
  });
}

/** A login forced by a 401: the service refuses the session, the next call logs in again. */
async function forcedLogin(service: StubService, client: ReturnType<typeof clientOf>) {
  service.revokeSessions();
  expect(await client.lists.departments()).toEqual(["Litigation"]);
}

describe("MFA codes at the service's time, one per step", () => {
  it("two logins within one 30-s step: the second waits for the next step and sends its code", async () => {
    const service = mfaService();
    const client = clientOf(service);
    const firstAt = service.clock.now;
    await client.logIn();
    service.clock.advance(7_000);
    await forcedLogin(service, client);
    const next = stepStart(firstAt) + STEP;
    expect(service.clock.sleeps).toEqual([next - (firstAt + 7_000)]);
    expect(service.logins.map((login) => login.mfaCode)).toEqual([codeAt(firstAt), codeAt(next)]);
    expect(service.logins.every((login) => login.accepted)).toBe(true);
  });

  it("a login in a later step does not wait", async () => {
    const service = mfaService();
    const client = clientOf(service);
    await client.logIn();
    service.clock.advance(STEP);
    await forcedLogin(service, client);
    expect(service.clock.sleeps).toEqual([]);
  });

  for (const skew of [180_000, -180_000]) {
    it(`the service's clock ${skew > 0 ? "3 minutes ahead" : "3 minutes behind"}: the refused first login is tried once more with the code at the service's time`, async () => {
      const service = mfaService({ serverSkewMs: skew });
      const client = clientOf(service);
      await client.logIn();
      expect(service.logins.map((login) => login.accepted)).toEqual([false, true]);
      expect(service.logins[1]?.mfaCode).toBe(codeAt(service.serverNow));
      expect(service.clock.sleeps).toEqual([]);
      // Later logins use the learnt time at once.
      service.clock.advance(STEP);
      await forcedLogin(service, client);
      expect(service.logins.map((login) => login.accepted)).toEqual([false, true, true]);
    });
  }

  it("a refused code that the service's clock does not explain is not retried", async () => {
    const service = mfaService();
    const client = clientOf(service, {
      credentials: {
        email: "service.account@acme.example",
        password: "correct horse battery staple",
        mfaSecret: "GEZDGNBVGY3TQOJQ",
      },
    });
    expect(await rejection(client.logIn())).toBeInstanceOf(RpdiAuthenticationError);
    expect(service.logins).toHaveLength(1);
  });

  it("a service clock 6 s ahead, learnt after a code was accepted, does not make the next login in that step reuse it", async () => {
    // Local 12:00:05 and service 12:00:11 share a step: the first code is accepted (and spent).
    const service = mfaService({ serverSkewMs: 6_000 });
    const client = clientOf(service);
    await client.logIn();
    await forcedLogin(service, client);
    const steps = service.logins.map((login) => stepOf(login.mfaCode, service.serverNow));
    expect(service.logins.map((login) => login.accepted)).toEqual([true, true]);
    expect(steps[1]).toBe((steps[0] ?? 0) + 1);
  });

  it("a service clock 8 s behind, learnt after a code was accepted: the next login waits past the spent step", async () => {
    // Local 12:00:02 is step N; the service (11:59:54) accepts N as one step of drift.
    const service = mfaService({ serverSkewMs: -8_000, start: Date.parse("2026-03-01T12:00:02Z") });
    const client = clientOf(service);
    await client.logIn();
    await forcedLogin(service, client);
    expect(service.logins.map((login) => login.accepted)).toEqual([true, true]);
  });

  it("property: for any service clock skew within ±150 s, start within a step and gaps between logins, every login succeeds and no two successive login codes are from the same 30-s step", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -150_000, max: 150_000 }),
        fc.integer({ min: 0, max: STEP - 1 }),
        fc.array(fc.integer({ min: 0, max: 70_000 }), { minLength: 1, maxLength: 6 }),
        async (serverSkewMs, offsetInStep, gaps) => {
          const service = mfaService({
            serverSkewMs,
            start: Date.parse("2026-03-01T12:00:00Z") + offsetInStep,
          });
          const client = clientOf(service);
          // The service's time of each login: the gaps span up to 14 steps, past the 12 that
          // `stepOf` searches around one time (a run whose first codes fell outside found none).
          const at: number[] = [];
          const noteLogins = () => {
            while (at.length < service.logins.length) at.push(service.serverNow);
          };
          await client.logIn();
          noteLogins();
          for (const gap of gaps) {
            service.clock.advance(gap);
            await forcedLogin(service, client);
            noteLogins();
          }
          const steps = service.logins.map((login, index) =>
            stepOf(login.mfaCode, at[index] ?? service.serverNow),
          );
          for (let index = 1; index < steps.length; index += 1)
            expect(steps[index]).not.toBe(steps[index - 1]);
          const accepted = service.logins.filter((login) => login.accepted);
          expect(accepted).toHaveLength(gaps.length + 1);
          // At most the first login is refused (the clocks apart), and then retried once.
          expect(service.logins.length - accepted.length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 150 },
    );
  });
});
