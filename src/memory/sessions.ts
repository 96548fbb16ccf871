import type { StoreTx } from "../store/port";
import type { MemoryTxContext } from "./tx-context";

/** The port's accepted TOTP steps, kept beside the state (see `StateView.totpSteps`). */
export function totpOperations({ read }: MemoryTxContext): Pick<StoreTx, "acceptTotpStep"> {
  return {
    async acceptTotpStep(memberId, step) {
      const steps = read().totpSteps;
      if ((steps.get(memberId) ?? Number.NEGATIVE_INFINITY) >= step) return false;
      steps.set(memberId, step);
      return true;
    },
  };
}
