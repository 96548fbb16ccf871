/**
 * `rpdi/client`: the interface from the integrator's side. Web-standard APIs only (fetch,
 * FormData, Blob), so it runs in Node, Deno, Bun, workers and browsers.
 */

export { type ApplicationRecord, applicationRecordSchema } from "../applications/input";
export {
  type JobApplication,
  type JobApplicationCustomField,
  type JobApplicationEducation,
  type JobApplicationStatus,
  jobApplicationListSchema,
  jobApplicationSchema,
} from "../domain/feed-record";
export type { Office } from "../domain/organization";
export type { Product, Role } from "../domain/products";
export {
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookPayload,
  webhookPayloadSchema,
} from "../domain/webhooks";
export { DEGREES, type Degree, isKnownDegree } from "../feed/degrees";
export {
  type GraphqlError,
  type GraphqlMember,
  type GraphqlMemberConnection,
  graphqlErrorSchema,
  graphqlMemberConnectionSchema,
  graphqlMemberSchema,
} from "../graphql/member-result";
export { type ErrorBody, errorBodySchema } from "../http/error-body";
export {
  type CreatedOrganizationBody,
  type CreatedReviewCycleBody,
  createdOrganizationBodySchema,
  createdReviewCycleBodySchema,
  type ErasureBody,
  erasureBodySchema,
  LIVE_DATA_ERROR_CODES,
  type OfficesUpdateBody,
  OPERATOR_ERROR_CODES,
  type OperatorErrorBody,
  type OperatorErrorCode,
  officesUpdateBodySchema,
  operatorErrorBodySchema,
  operatorProblemSchema,
  type ProfileUpdateBody,
  profileUpdateBodySchema,
  type RecordedApplicationsBody,
  recordedApplicationsBodySchema,
  type UpsertCountsBody,
  upsertCountsBodySchema,
} from "../http/operator/bodies";
export {
  type BoardJob,
  type BoardJobList,
  boardJobListSchema,
  boardJobSchema,
} from "../jobs/board";
export {
  officeListSchema,
  type PracticeArea,
  practiceAreaListSchema,
  stringListSchema,
} from "../lists/lists";
export {
  type MatterUpsertResult,
  type MatterValidationResult,
  matterUpsertResultSchema,
  matterValidationResultSchema,
} from "../matters/result";
export {
  type BulkRemoveResult,
  bulkRemoveResultSchema,
  type MemberImportResult,
  type MemberValidationResult,
  memberImportResultSchema,
  memberValidationResultSchema,
} from "../members/result";
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
} from "../organizations/inputs";
export type { ClientAddresses } from "./addresses";
export { type ClientOptions, createClient, type RpdiClient } from "./create-client";
export {
  type ContractIssue,
  RpdiAuthenticationError,
  RpdiAuthorizationError,
  RpdiClientError,
  type RpdiClientErrorDetails,
  type RpdiClientErrorKind,
  RpdiConflictError,
  RpdiContractError,
  RpdiFileTooLargeError,
  RpdiNetworkError,
  RpdiNotFoundError,
  RpdiRateLimitError,
  RpdiServerError,
  RpdiValidationError,
} from "./errors";
export {
  DEFAULT_PULL_WINDOW_MS,
  type FeedInstant,
  type FeedMethods,
  type FeedPull,
  type FeedPullOptions,
  type FeedPullStats,
  type FeedQuery,
} from "./feed";
export { MAX_UPLOAD_BYTES, type UploadFile } from "./file-body";
export type {
  EmployerMemberAuthInfoInput,
  EmployerMemberInfoInput,
  GraphqlMethods,
  GraphqlResponse,
  UniversityMemberInfoInput,
} from "./graphql";
export type { JobBoardCallOptions, JobBoardMethods, JobBoardQuery } from "./job-board";
export type { ListMethods } from "./lists";
export type { MatterMethods } from "./matters";
export {
  BULK_REMOVE_BATCH,
  type BulkRemoveOptions,
  type CallOptions,
  type MemberMethods,
  type UploadOptions,
} from "./members";
export {
  createOperatorClient,
  NDJSON_FROM_APPLICATIONS,
  type OperatorClient,
  type OperatorClientOptions,
  type RecordApplicationsOptions,
} from "./operator";
export { type RateLimitBudget, readRateLimit } from "./rate-limit";
export type { RetryOptions } from "./runtime";
export type { ClientCredentials } from "./session";
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_VERIFICATION_REASONS,
  type WebhookHeaders,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from "./verify-webhook";
