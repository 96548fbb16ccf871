import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memberSessionState, withSessionEpoch } from "../../src/domain/session-epoch";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { sandboxSnapshot } from "../http/support";

const base = parseOrganizationSnapshot(sandboxSnapshot()).members.find(
  (member) => member.credentials.passwordHash !== null,
);

describe("withSessionEpoch", () => {
  it("property: the epoch goes up exactly when the member's session state changes, and never down", () => {
    if (base === undefined) throw new Error("no member with a password");
    const change = fc.record({
      email: fc.constantFrom(base.email, base.email.toUpperCase(), "other@hartwell.example"),
      passwordHash: fc.constantFrom(base.credentials.passwordHash, "scrypt$other"),
      mfaSecret: fc.constantFrom(base.credentials.mfaSecret, "JBSWY3DPEHPK3PXP"),
      useMfa: fc.boolean(),
      products: fc.shuffledSubarray([
        { product: "PERFORM", role: "ADMIN" },
        { product: "RECRUIT", role: "MEMBER" },
        { product: "UNI", role: "ADMIN" },
      ] as const),
      epoch: fc.nat(3),
    });
    fc.assert(
      fc.property(change, change, (before, after) => {
        const member = (state: typeof before) => ({
          ...base,
          email: state.email,
          useMfa: state.useMfa,
          products: state.products.map((access) => ({ ...access })),
          credentials: {
            ...base.credentials,
            passwordHash: state.passwordHash,
            mfaSecret: state.mfaSecret,
            sessionEpoch: state.epoch,
          },
        });
        const stored = member(before);
        const next = member(after);
        const kept = withSessionEpoch(stored, next);
        if (memberSessionState(stored) === memberSessionState(next)) expect(kept).toBe(next);
        else expect(kept.credentials.sessionEpoch).toBe(Math.max(after.epoch, before.epoch + 1));
      }),
    );
  });
});
