/** rpdi/testing: the storage-adapter conformance suite and the fast-check arbitraries behind it. */
export {
  CONFORMANCE_SUITES,
  type ConformanceOptions,
  type ConformanceSuite,
  runStoreConformance,
} from "./conformance";
export { type FaultTiming, type FaultyStore, InjectedFault, injectFaults } from "./faults";
export {
  FEED_PIPELINES,
  FEED_WINDOW,
  feedApplicationsArbitrary,
  feedParamsArbitrary,
} from "./feed-arbitraries";
export { canonical } from "./harness";
export {
  boardJobArbitrary,
  boardJobsArbitrary,
  JOB_BOARD_WINDOW,
  jobBoardFiltersArbitrary,
  jobBoardNowArbitrary,
  jobBoardSnapshotArbitrary,
} from "./job-board-arbitraries";
export {
  type MatterRowCells,
  matterCsv,
  PERFORM_ATTORNEYS,
  validMatterRowsArbitrary,
} from "./matter-arbitraries";
export {
  corruptMemberCell,
  type GeneratedMemberFile,
  invalidMemberFileArbitrary,
  memberFileCsv,
  organizationArbitrary,
  productArbitrary,
  storedMembers,
  type ValidFileOptions,
  validMemberFileArbitrary,
} from "./member-arbitraries";
export {
  OTHER_ORG_ID,
  otherOrganization,
  SEED_CYCLE_ID,
  SEED_NOW,
  SEED_ORG_ID,
  SSO_ORG_ID,
  seedOrganization,
  ssoOrganization,
} from "./seed";
