import { describe, expect, it } from "vitest";
import type { AccountContext } from "../../src/accounts/context";
import { requestPasswordRecovery } from "../../src/accounts/recovery";
import { createMemoryStore } from "../../src/memory/store";
import type { Store, StoreTx } from "../../src/store/port";
import { ADMIN, sandboxSnapshot } from "../http/support";
import { mannWhitneyZ } from "../support/mann-whitney";

const ORG = "org-sandbox";
const NOW = new Date("2026-06-15T12:00:00Z");
const WRITES = new Set(["applyMemberPlan", "saveAccountTokens"]);

/** A store whose transactions write the name of every port call they make into `trace`. */
function traced(store: Store, trace: string[]): Store {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name !== "transaction") return Reflect.get(target, name, receiver);
      return (orgId: string, work: (tx: StoreTx) => Promise<unknown>, options?: object) =>
        target.transaction(
          orgId,
          (tx) =>
            work(
              new Proxy(tx, {
                get(inner, operation) {
                  const value: unknown = Reflect.get(inner, operation);
                  if (typeof value !== "function" || typeof operation !== "string") return value;
                  return (...args: unknown[]) => {
                    trace.push(operation);
                    return (value as (...all: unknown[]) => unknown).apply(inner, args);
                  };
                },
              }),
            ),
          options,
        );
    },
  });
}

describe("password recovery tells no one whether an address is a member's", () => {
  it("answers the same body and makes the same reads for a member's address and an unknown one; only the member's branch writes", async () => {
    const trace: string[] = [];
    const store = traced(createMemoryStore(sandboxSnapshot()), trace);
    const ask = async (email: string) => {
      trace.length = 0;
      const answer = await requestPasswordRecovery(
        store,
        { orgId: ORG, email, now: NOW },
        { recoveryAnswerFloorMs: 0 },
      );
      return {
        answer,
        reads: trace.filter((operation) => !WRITES.has(operation)),
        writes: trace.filter((operation) => WRITES.has(operation)),
      };
    };
    const known = await ask(ADMIN);
    const unknown = await ask("nobody@hartwell.example");
    expect(known.answer).toEqual(unknown.answer);
    expect(known.reads).toEqual(unknown.reads);
    expect(known.reads).toContain("loadMembersByEmail");
    expect(known.writes).toEqual(["applyMemberPlan", "saveAccountTokens"]);
    expect(unknown.writes).toEqual([]);
  });

  it("with the answer floor, a member's address is answered no slower than an unknown one: Mann-Whitney |z| < 4 over 100 interleaved requests each", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const context: AccountContext = { recoveryAnswerFloorMs: 20 };
    const addresses = [ADMIN, "nobody@hartwell.example"] as const;
    // Counterbalanced blocks (ABBA or BAAB from a seeded LCG), so a drift in speed over the run
    // slows both alike (see login-timing-mfa-accounts.test.ts).
    const order: number[] = [];
    let seed = 31;
    for (let block = 0; block < 50; block++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const first = (seed >>> 30) & 1;
      order.push(first, 1 - first, 1 - first, first);
    }
    const times: [number[], number[]] = [[], []];
    for (const which of order) {
      const started = performance.now();
      await requestPasswordRecovery(
        store,
        { orgId: ORG, email: addresses[which as 0 | 1], now: NOW },
        context,
      );
      times[which as 0 | 1].push(performance.now() - started);
    }
    expect(Math.abs(mannWhitneyZ(times[0], times[1]))).toBeLessThan(4);
  });
});
