import { describe, expect, it, vi } from "vitest";
import type { AccountContext } from "../../src/accounts/context";
import { requestPasswordRecovery } from "../../src/accounts/recovery";
import { createMemoryStore } from "../../src/memory/store";
import type { Store, StoreTx } from "../../src/store/port";
import { ADMIN, sandboxSnapshot } from "../http/support";

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
        { recoveryAnswerFloorMs: 200 },
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

  it("answers exactly at the floor whichever the address, however long either branch's work took below it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const store = createMemoryStore(sandboxSnapshot());
      const context: AccountContext = { recoveryAnswerFloorMs: 200 };
      for (const email of [ADMIN, "nobody@hartwell.example", ADMIN]) {
        let answered = false;
        const pending = requestPasswordRecovery(
          store,
          { orgId: ORG, email, now: NOW },
          context,
        ).then((answer) => {
          answered = true;
          return answer;
        });
        // The store's work (microtasks) ends long before the timer; then the floor holds the answer.
        await vi.advanceTimersByTimeAsync(199);
        expect({ email, answered }).toEqual({ email, answered: false });
        await vi.advanceTimersByTimeAsync(1);
        expect({ email, answered }).toEqual({ email, answered: true });
        expect(await pending).toEqual({ ok: true });
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
