import { describe } from "vitest";
import type { OrganizationSnapshot } from "../domain/snapshot";
import type { Store } from "../store/port";
import { createHarness } from "./harness";
import { accountFlowsSuite } from "./suites/account-flows";
import { accountsSuite } from "./suites/accounts";
import { atomicitySuite } from "./suites/atomicity";
import { bulkRemoveSuite } from "./suites/bulk-remove";
import { changeLogSuite } from "./suites/change-log";
import { changeReplaySuite } from "./suites/change-replay";
import { columnMappingsSuite } from "./suites/column-mappings";
import { concurrencySuite } from "./suites/concurrency";
import { differentialSuite } from "./suites/differential";
import { feedSuite } from "./suites/feed";
import { jobBoardSuite } from "./suites/job-board";
import { liveDataSuite } from "./suites/live-data";
import { lookupsSuite, outboxSuite } from "./suites/lookups-outbox";
import { mattersSuite } from "./suites/matters";
import { memberImportSuite } from "./suites/member-import";
import { memberOperationsSuite } from "./suites/member-operations";
import { outboxLeasesSuite } from "./suites/outbox";
import { propertiesSuite } from "./suites/properties";
import { readWhileWriteSuite } from "./suites/read-while-write";
import { recordedApplicationsSuite } from "./suites/recorded-applications";
import { sessionEpochsSuite } from "./suites/session-epochs";
import { snapshotsSuite } from "./suites/snapshots";
import { totpStepsSuite } from "./suites/totp-steps";
import { webhookOutboxSuite } from "./suites/webhook-outbox";

/** The named suites of the conformance run; each can be skipped with a reason. */
export const CONFORMANCE_SUITES = [
  "snapshots",
  "member import",
  "member operations",
  "bulk remove",
  "matters",
  "lookups",
  "outbox",
  "outbox leases",
  "totp steps",
  "session epochs",
  "atomicity",
  "concurrency",
  "read while write",
  "feed",
  "job board",
  "properties",
  "differential",
  "column mappings",
  "accounts",
  "account flows",
  "live data",
  "recorded applications",
  "change log",
  "webhook outbox",
] as const;
export type ConformanceSuite = (typeof CONFORMANCE_SUITES)[number];

export interface ConformanceOptions {
  /** Suites not to run, each with the reason, which the test report shows. */
  skip?: Partial<Record<ConformanceSuite, string>>;
  /**
   * Reads an organization back without going through the adapter's own export, so writes are
   * checked independently of the code that made them. Defaults to `store.exportSnapshot`.
   */
  readBack?: (store: Store, orgId: string) => Promise<OrganizationSnapshot>;
  /** Runs per fast-check property (default 20); each run uses a new store. */
  numRuns?: number;
  /** Releases what `makeStore` opened (a pool, a database) after each test. */
  dispose?: (store: Store) => Promise<void>;
}

/**
 * Registers the storage-adapter conformance suite with vitest: every service through the port,
 * each state transition of the spec, atomicity under a fault at every port call, concurrency,
 * and fast-check properties. `makeStore` returns a new, empty store each time it is called.
 *
 * @example
 * runStoreConformance("my adapter", () => createMyStore(), { dispose: (store) => store.close() });
 */
export function runStoreConformance(
  name: string,
  makeStore: () => Store | Promise<Store>,
  options: ConformanceOptions = {},
): void {
  describe(`${name} — rpdi store conformance`, () => {
    const harness = createHarness(makeStore, options);
    const fresh = harness.fresh;
    const register: Record<ConformanceSuite, () => void> = {
      snapshots: () => snapshotsSuite(harness, fresh),
      "member import": () => memberImportSuite(harness),
      "member operations": () => memberOperationsSuite(harness),
      "bulk remove": () => bulkRemoveSuite(harness),
      matters: () => mattersSuite(harness),
      lookups: () => lookupsSuite(harness),
      outbox: () => outboxSuite(harness),
      "outbox leases": () => outboxLeasesSuite(harness),
      "totp steps": () => totpStepsSuite(harness),
      "session epochs": () => sessionEpochsSuite(harness),
      atomicity: () => atomicitySuite(harness),
      concurrency: () => concurrencySuite(harness),
      "read while write": () => readWhileWriteSuite(harness),
      feed: () => feedSuite(harness),
      "job board": () => jobBoardSuite(harness),
      properties: () => propertiesSuite(harness, fresh),
      differential: () => differentialSuite(harness),
      "column mappings": () => columnMappingsSuite(harness),
      accounts: () => accountsSuite(harness),
      "account flows": () => accountFlowsSuite(harness),
      "live data": () => liveDataSuite(harness),
      "recorded applications": () => recordedApplicationsSuite(harness),
      "change log": () => {
        changeLogSuite(harness);
        changeReplaySuite(harness);
      },
      "webhook outbox": () => webhookOutboxSuite(harness),
    };
    for (const suite of CONFORMANCE_SUITES) {
      const reason = options.skip?.[suite];
      describe.skipIf(reason !== undefined)(
        reason === undefined ? suite : `${suite} (skipped: ${reason})`,
        register[suite],
      );
    }
  });
}
