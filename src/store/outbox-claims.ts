import type { WelcomeEmailClaimRequest } from "./port";

/** Refuses a claim that could never be met: an adapter's answer to a caller's bug. */
export function checkClaimRequest(request: WelcomeEmailClaimRequest): void {
  if (!Number.isInteger(request.limit) || request.limit < 1)
    throw new RangeError(`claim: limit must be a positive integer, not ${request.limit}`);
  if (!Number.isInteger(request.leaseMs) || request.leaseMs < 1)
    throw new RangeError(`claim: leaseMs must be a positive integer, not ${request.leaseMs}`);
  if (Number.isNaN(request.now.getTime())) throw new RangeError("claim: now is not a valid date");
}
