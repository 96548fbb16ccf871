/**
 * rpdi: the rules of the Recruiting and Performance Data Interface as pure functions,
 * services and a default in-memory store.
 */

export {
  type ChangePasswordInput,
  changePassword,
} from "./accounts/change-password";
export type { AccountContext } from "./accounts/context";
export type {
  AccountError,
  AccountErrorCode,
  AccountMessageKey,
  AccountOutcome,
} from "./accounts/errors";
export {
  type AcceptInvitationInput,
  acceptInvitation,
  type IssueInvitationInput,
  issueInvitation,
} from "./accounts/invitation";
export { ACCOUNT_LIFETIMES } from "./accounts/lifetimes";
export {
  type BeginMfaEnrollmentInput,
  beginMfaEnrollment,
  type ConfirmMfaEnrollmentInput,
  confirmMfaEnrollment,
  type MfaEnrollmentStart,
  type RemoveMfaInput,
  removeMfa,
} from "./accounts/mfa-enrollment";
export { type ResetMfaInput, resetMfa } from "./accounts/mfa-reset";
export {
  checkPassword,
  normalizePassword,
  PASSWORD_POLICY_DEFAULTS,
  type PasswordContext,
  type PasswordRefusal,
} from "./accounts/password-policy";
export {
  type RequestPasswordRecoveryInput,
  type ResetPasswordInput,
  requestPasswordRecovery,
  resetPassword,
} from "./accounts/recovery";
export type { SetPasswordByTokenInput } from "./accounts/set-password";
export {
  type Erasure,
  type ErasureClock,
  eraseCandidate,
  eraseJobApplication,
} from "./applications/erase";
export {
  type ApplicationRecord,
  applicationRecordSchema,
  type CheckedApplicationRecord,
  candidateInputSchema,
  statusChangeInputSchema,
} from "./applications/input";
export {
  type RecordedApplications,
  type RecordJobApplicationsInput,
  recordJobApplications,
  STATUS_TIME_TOLERANCE_MS,
} from "./applications/record";
export { type EndSessionsInput, endSessions } from "./auth/end-sessions";
export {
  type ApplicationTombstone,
  applicationTombstoneSchema,
  type ChangesCursorExpired,
  changesCursorExpiredSchema,
  isTombstone,
  type JobApplicationChange,
  type JobApplicationChanges,
  jobApplicationChangeSchema,
  jobApplicationChangesSchema,
} from "./changes/change-schemas";
export type { CursorSecret } from "./changes/cursor";
export {
  type DeliverWebhookEventsOptions,
  deliverWebhookEvents,
  type SendWebhook,
  type WebhookAttemptFailure,
  type WebhookDeliveryReport,
  type WebhookRequest,
} from "./changes/deliver-webhooks";
export {
  type ChangesError,
  DEFAULT_CHANGE_RETENTION_DAYS,
  DEFAULT_CHANGES_LIMIT,
  type JobApplicationChangesOutcome,
  type JobApplicationChangesRequest,
  MAX_CHANGES_LIMIT,
  readJobApplicationChanges,
} from "./changes/read-changes";
export {
  nextAttemptAt,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
} from "./changes/retry-schedule";
export {
  endpointView,
  type WebhookEndpointView,
  webhookEndpointSchema,
} from "./changes/webhook-endpoint-view";
export {
  DEFAULT_ROTATION_OVERLAP_HOURS,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  type RegisterWebhookEndpointInput,
  registerWebhookEndpoint,
  replayWebhookEvents,
  rotateWebhookSecret,
} from "./changes/webhook-endpoints";
export {
  isWebhookSecret,
  newWebhookSecret,
  WEBHOOK_SECRET_PREFIX,
} from "./changes/webhook-secret";
export {
  signingSecrets,
  WEBHOOK_HEADER_NAMES,
  type WebhookSigningInput,
  webhookBody,
  webhookHeaders,
} from "./changes/webhook-signature";
export {
  addressRefusal,
  checkWebhookUrl,
  isLoopbackAddress,
  isPublicAddress,
  WEBHOOK_URL_REFUSALS,
  type WebhookUrlCheck,
  type WebhookUrlPolicy,
  type WebhookUrlRefusal,
} from "./changes/webhook-url";
export { annotateCsv } from "./csv/error-report";
export { escapeFormula, unescapeFormula } from "./csv/formula-escape";
export {
  CheckedCsv,
  type CsvInput,
  type CsvReadError,
  type CsvReadResult,
  type CsvTable,
  checkCsv,
  MAX_CSV_BYTES,
  readCsv,
} from "./csv/read";
export { type CsvWriteOptions, writeCsv } from "./csv/write";
export {
  ACCOUNT_TOKEN_PURPOSES,
  type AccountToken,
  type AccountTokenPurpose,
  accountTokenSchema,
  type CredentialsChange,
  type MfaEnrollment,
  mfaEnrollmentSchema,
} from "./domain/account";
export type { ChangeLogEntry, ChangeLogPage } from "./domain/change-log";
export {
  type ColumnMappingKind,
  type ColumnMappingPair,
  type ColumnOfKind,
  MAX_MAPPING_PAIRS,
  MAX_MAPPING_SOURCE_LENGTH,
  type SavedColumnMappings,
  savedColumnMappingsSchema,
} from "./domain/column-mappings";
export {
  FLSA_STATUSES,
  type FlsaStatus,
  WORK_ARRANGEMENTS,
  type WorkArrangement,
} from "./domain/enums";
export { Feature } from "./domain/features";
export {
  type Application,
  type ApplicationEducation,
  applicationEducationSchema,
  applicationSchema,
  type Candidate,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldAnswer,
  type CustomFieldType,
  candidateSchema,
  customFieldAnswerSchema,
  customFieldSchema,
  type FeedApplication,
  type FeedApplicationHead,
  type FeedJob,
  feedJobSchema,
  type Job,
  jobBoardFieldsSchema,
  jobSchema,
  type Pipeline,
  pipelineSchema,
  type RangedStatusChange,
  type StatusChange,
  statusChangeSchema,
} from "./domain/feed";
export { type FeedChanges, FeedIndex } from "./domain/feed-index";
export type { FeedQuery } from "./domain/feed-query";
export {
  type FeedOrganization,
  type JobApplication,
  type JobApplicationCustomField,
  type JobApplicationEducation,
  type JobApplicationStatus,
  jobApplicationCustomFieldSchema,
  jobApplicationEducationSchema,
  jobApplicationListSchema,
  jobApplicationSchema,
  jobApplicationStatusSchema,
  shapeJobApplication,
} from "./domain/feed-record";
export {
  MATTER_HEADERS,
  type MatterHeader,
  MEMBER_HEADERS,
  type MemberHeader,
} from "./domain/headers";
export type {
  InputProblem,
  LiveDataError,
  LiveDataErrorCode,
  LiveDataOutcome,
} from "./domain/live-data-outcome";
export { applyMatterWrites, type MatterWrites } from "./domain/matter-writes";
export {
  type ClientMatter,
  type CycleMatters,
  clientMatterSchema,
  flattenCycle,
  type MatterEntry,
  matterEntrySchema,
  nestCycle,
  type ReviewCycle,
  reviewCycleSchema,
} from "./domain/matters";
export {
  type Education,
  educationSchema,
  type Member,
  type MemberInput,
  memberSchema,
  type ProductMemberName,
  type ProductRole,
  productRoleSchema,
} from "./domain/member";
export type { MemberWrites } from "./domain/member-writes";
export {
  type Office,
  type OrganizationProfile,
  type OrganizationProfileInput,
  officeSchema,
  organizationProfileSchema,
  type SsoSettings,
  ssoSettingsSchema,
} from "./domain/organization";
export { isProduct, PRODUCTS, Product, ROLES, Role } from "./domain/products";
export type { RecruitingWrites } from "./domain/recruiting-writes";
export {
  type OrganizationSnapshot,
  type OrganizationSnapshotInput,
  organizationSnapshotSchema,
  parseOrganizationSnapshot,
  performMemberEmails,
} from "./domain/snapshot";
export {
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookSecret,
  webhookPayloadSchema,
} from "./domain/webhooks";
export {
  ACCOUNT_EMAIL_REASONS,
  type WelcomeEmail,
  welcomeEmailSchema,
} from "./domain/welcome-email";
export { DEGREES, type Degree, isKnownDegree } from "./feed/degrees";
export {
  DEFAULT_WINDOW_DAYS,
  FEED_PARAMETERS,
  type FeedQueryError,
  type FeedQueryErrorCause,
  type FeedQueryResult,
  type FeedSearchParams,
  parseFeedQuery,
} from "./feed/params";
export {
  type QueryJobApplicationsInput,
  type QueryJobApplicationsOutcome,
  queryJobApplications,
} from "./feed/query";
export { cutRangedChanges, type FeedCutEntry, shapeCut } from "./feed/ranged";
export { createRateLimiter, FEED_RATE_LIMIT } from "./feed/rate-limit";
export { type FeedPage, pageJobApplications, selectJobApplications } from "./feed/select";
export {
  GRAPHQL_MEMBER_FIELDS,
  type GraphqlError,
  type GraphqlMember,
  type GraphqlMemberConnection,
  graphqlErrorSchema,
  graphqlMemberConnectionSchema,
  graphqlMemberSchema,
} from "./graphql/member-result";
export { type ErrorBody, errorBodySchema } from "./http/error-body";
export {
  type BoardJob,
  type BoardJobList,
  boardJobListSchema,
  boardJobOf,
  boardJobSchema,
  findBoardJob,
  isOnJobBoard,
  type JobBoardFilters,
  selectBoardJobs,
} from "./jobs/board";
export { JOB_BOARD_MAX_AGE_SECONDS, JOB_BOARD_RATE_LIMIT } from "./jobs/limits";
export {
  type ReadJobBoardInput,
  type ReadJobBoardJobOutcome,
  type ReadJobBoardOutcome,
  readJobBoard,
  readJobBoardJob,
} from "./jobs/query";
export { LAW_SCHOOLS } from "./lists/law-schools";
export {
  departmentsCsv,
  type LookupLists,
  lawSchoolsCsv,
  loadLookupLists,
  lookupLists,
  officeListSchema,
  type PracticeArea,
  practiceAreaListSchema,
  practiceAreaSchema,
  practiceAreasCsv,
  stringListSchema,
} from "./lists/lists";
export { STATIC_PRACTICE_AREAS } from "./lists/practice-areas";
export { type ColumnAlias, MATTER_ALIASES, MEMBER_ALIASES } from "./mapping/aliases";
export {
  type ColumnMappingError,
  loadColumnMapping,
  type SaveColumnMappingInput,
  type SaveColumnMappingResult,
  saveColumnMapping,
} from "./mapping/column-mapping-service";
export {
  type ColumnMappingInput,
  type RemapError,
  type RemappedFile,
  type RemapResult,
  readCsvHeaderCells,
  remapMatterCsv,
  remapMemberCsv,
} from "./mapping/remap";
export {
  AUTO_ACCEPT_CONFIDENCE,
  acceptedColumnMapping,
  type ColumnSuggestion,
  type ColumnSuggestions,
  FUZZY_CEILING,
  type HeaderMatchReason,
  suggestMatterColumns,
  suggestMemberColumns,
} from "./mapping/suggest";
export {
  MATTER_COLUMNS,
  MATTER_FIELDS,
  type MatterColumn,
  type MatterField,
  type MatterRuleContext,
} from "./matters/columns";
export { matterErrorReport } from "./matters/error-report";
export {
  MATTER_FILE_ERROR_TYPES,
  MAX_MATTER_ROWS,
  MatterFileErrorType,
  MIN_MATTER_ROWS,
} from "./matters/errors";
export {
  type LegacyUploadConflict,
  type MatterLegacyPlan,
  planLegacyUpload,
} from "./matters/plan-legacy";
export { isEmptyMatterPlan, type MatterUpsertPlan, planMatterUpsert } from "./matters/plan-upsert";
export { type MatterProblemLine, matterProblemLines } from "./matters/problem-lines";
export {
  type MatterCellProblem,
  type MatterCellReason,
  MatterProblemRule,
} from "./matters/problems";
export { MATTER_REJECTION_ROWS, matterRejectionText } from "./matters/rejection-text";
export {
  type MatterFileError,
  type MatterRowError,
  type MatterUpsertResult,
  type MatterValidationResult,
  matterFileErrorSchema,
  matterRowErrorSchema,
  matterUpsertResultSchema,
  matterValidationResultSchema,
} from "./matters/result";
export type { ValidatedMatterRow } from "./matters/row";
export { matterRowErrors } from "./matters/row-errors";
export type { MatterRuleSet } from "./matters/rule-sets";
export { type MatterSheet, type MatterSheetResult, readMatterSheet } from "./matters/sheet";
export { type UploadMattersLegacyOutcome, uploadMattersLegacy } from "./matters/upload-legacy";
export {
  checkMattersIn,
  type MatterFileChecker,
  type UpsertMattersInput,
  type UpsertMattersOutcome,
  upsertMatters,
  type ValidateMattersInput,
  validateMattersFile,
} from "./matters/upsert";
export {
  checkMatterCsv,
  checkMatterSheet,
  type MatterCheck,
  type MatterValidationOptions,
  matterFileErrorCheck,
  validateMatterCsv,
} from "./matters/validate";
export {
  checkMatterCsvAsync,
  type MatterValidationAsyncOptions,
  validateMatterCsvAsync,
} from "./matters/validate-async";
export {
  MAX_MENTORS,
  MEMBER_COLUMNS,
  MEMBER_FIELDS,
  type MemberColumn,
  type MemberField,
} from "./members/columns";
export {
  type DeliverWelcomeEmailsOptions,
  deliverWelcomeEmails,
  type SendWelcomeEmail,
  type WelcomeEmailDeliveryReport,
  type WelcomeEmailSendContext,
  type WelcomeEmailSendFailure,
  welcomeEmailIdempotencyKey,
} from "./members/deliver";
export {
  applyMemberEdit,
  EDITABLE_MEMBER_FIELDS,
  type EditableMemberField,
  type MemberEdit,
  type MemberEditResult,
  type MemberFieldError,
} from "./members/edit";
export { memberErrorReport } from "./members/error-report";
export {
  MEMBER_FILE_ERROR_TYPES,
  MEMBER_ROW_ERROR_TYPES,
  MemberFileErrorType,
  MemberRowErrorType,
} from "./members/errors";
export { generateExampleMemberCsv, MAX_EXAMPLE_ROWS } from "./members/example-csv";
export {
  type ImportMembersInput,
  type ImportMembersOutcome,
  type ImportPhase,
  importMembers,
  type MemberFileReader,
} from "./members/import";
export { OfficeDirectory, type OfficeField } from "./members/office";
export {
  addMemberProductRole,
  deleteMember,
  editMember,
  editMemberAuthInfo,
  findMember,
  type GuardedMemberTarget,
  listMembersByProduct,
  type MemberGuard,
  type MemberGuardVerdict,
  type MemberOperationOutcome,
  type MemberPage,
  type MemberTarget,
  type MemberTargetRefusal,
  type PublicMember,
  publicMember,
  revokeMemberProductAccess,
} from "./members/operations";
export { acknowledgeWelcomeEmails, drainWelcomeEmails, listWelcomeEmails } from "./members/outbox";
export { type MemberPlan, type MemberPlanContext, planMemberImport } from "./members/plan";
export { CellProblem } from "./members/problem";
export {
  type RemoveProductAccessInput,
  type RemoveProductAccessResult,
  removeProductAccess,
} from "./members/remove";
export {
  type AbsentMember,
  absentMemberSchema,
  type BulkRemoveResult,
  bulkRemoveResultSchema,
  type MemberFileError,
  type MemberImportResult,
  type MemberRowColumnError,
  type MemberValidationResult,
  memberFileErrorSchema,
  memberImportResultSchema,
  memberRowColumnErrorSchema,
  memberValidationResultSchema,
} from "./members/result";
export type {
  DraftMemberRow,
  MemberCells,
  MemberCellValue,
  ValidatedMemberRow,
} from "./members/row";
export {
  type AddressOwners,
  type MemberRowErrorEntry,
  MemberRowValidator,
  type MemberRowValidatorState,
} from "./members/row-validator";
export { memberRowsDespiteHeader } from "./members/rows-despite-header";
export type { MemberRuleContext } from "./members/rule-context";
export {
  type MemberSheet,
  type MemberSheetResult,
  memberSheetAddresses,
  readMemberSheet,
} from "./members/sheet";
export { findAbsentMembers, summarizeMemberImport } from "./members/summary";
export {
  type MemberRowsRead,
  type MemberValidation,
  type MemberValidationContext,
  readMemberRows,
  validateMemberCsv,
  validateMemberSheet,
} from "./members/validate";
export {
  type MemberValidationAsyncContext,
  validateMemberCsvAsync,
} from "./members/validate-async";
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from "./memory/store";
export {
  defineMessages,
  ENGLISH_MESSAGES,
  isTemplateCatalog,
  MESSAGE_KEYS,
  type MessageCatalog,
  type MessageEntry,
  type MessageKey,
  type MessageParams,
  type MessageRef,
  type PartialMessageCatalog,
  renderMessage,
} from "./messages/catalog";
export {
  type CreateOrganizationInput,
  createOrganization,
} from "./organizations/create";
export {
  type JobInput,
  jobInputSchema,
  type OfficeChange,
  type OrganizationInput,
  officeChangeSchema,
  organizationInputSchema,
  type PipelineInput,
  type ProfileChanges,
  pipelineInputSchema,
  profileChangesSchema,
  type ReviewCycleInput,
  reviewCycleInputSchema,
  shortNameSchema,
} from "./organizations/inputs";
export {
  type UpsertCounts,
  type UpsertJobsInput,
  upsertJobs,
} from "./organizations/jobs";
export { MAX_BATCH_RECORDS } from "./organizations/live-data-work";
export {
  type OfficesUpdate,
  type UpsertOfficesInput,
  upsertOffices,
} from "./organizations/offices";
export { type UpsertPipelinesInput, upsertPipelines } from "./organizations/pipelines";
export { type CreateReviewCycleInput, createReviewCycle } from "./organizations/review-cycle";
export {
  type ProfileUpdate,
  type UpdateOrganizationProfileInput,
  updateOrganizationProfile,
} from "./organizations/update-profile";
export { DEFAULT_SLICE_MS, yieldingPace } from "./runtime/pace";
export {
  type FlexibleLimiter,
  type RateDecision,
  type RateLimiter,
  type RatePolicy,
  rateLimiterFrom,
} from "./runtime/rate-limit";
export { drainSteps, type Pace, runSteps, type Steps } from "./runtime/steps";
export {
  MemberConflictError,
  OrganizationNotFoundError,
  StoreConflictError,
  StoreError,
} from "./store/errors";
export type { MemberIdPage } from "./store/member-page";
export {
  CHANGE_LOG_OPERATIONS,
  type ClaimedWebhookEvent,
  type ClaimedWelcomeEmail,
  type ErasedCounts,
  isWebhookOutbox,
  isWelcomeEmailOutbox,
  LIVE_DATA_OPERATIONS,
  STORE_TX_OPERATIONS,
  type Store,
  type StoreTx,
  type TransactionOptions,
  type WebhookClaim,
  type WebhookClaimRequest,
  type WebhookOutbox,
  type WebhookSettlement,
  type WelcomeEmailClaim,
  type WelcomeEmailClaimRequest,
  type WelcomeEmailOutbox,
} from "./store/port";
export { runReadOnly, runTransaction } from "./store/run";
export { MAX_HOURS_BILLED } from "./values/hours";
export { CaseInsensitiveList } from "./values/lookup";
