import type { Principal } from "../auth/policy";
import type { StoreUnavailableError } from "../store/errors";
import type { Store } from "../store/port";
import type { HeavyReadGate } from "./heavy-reads";

/**
 * What a GraphQL request runs with: the store, the signed-in principal (its organization is the
 * one acted on), the clock, and the request's cancellation.
 */
export interface GraphqlContext {
  store: Store;
  principal: Principal;
  now: Date;
  /** Makes ids for created rows; `undefined` uses random UUIDs. */
  newId: (() => string) | undefined;
  /**
   * Aborted when the client has gone (the HTTP binding passes `request.signal`): no field
   * resolves and no transaction starts after that, and a transaction under way is rolled back
   * at its next check.
   */
  signal?: AbortSignal | undefined;
  /**
   * Told of every unexpected failure (a store error, a bug); the answer then says only
   * `INTERNAL_SERVER_ERROR`, never the failure's own message.
   */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * Told of every field that failed because a dependency could not be reached (the answer says
   * `UNAVAILABLE` there), with the failure.
   */
  onUnavailable?: ((error: StoreUnavailableError) => void) | undefined;
  /** The largest cost of one request; `MEMBER_GRAPHQL_LIMITS.maxCost` when left out. */
  maxCost?: number | undefined;
  /** From this cost on a query is heavy; `MEMBER_GRAPHQL_LIMITS.heavyCost` when left out. */
  heavyCost?: number | undefined;
  /**
   * Turns for heavy queries, shared by every request of the process (`createHeavyReadGate`); a
   * heavy query waits for one of its organization's, or is refused with `HEAVY_READS_BUSY`.
   * Without it heavy queries run as they come.
   */
  heavyReads?: HeavyReadGate | undefined;
}
