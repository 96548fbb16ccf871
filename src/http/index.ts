/** rpdi/http: every endpoint of the interface over web-standard Request and Response. */

export { DEVICE_COOKIE_LIFETIME_SECONDS } from "../auth/device-cookie";
export {
  type LogInContext,
  type LogInFailure,
  type LogInInput,
  type LogInOutcome,
  logIn,
} from "../auth/login";
export {
  createLoginProtection,
  LOGIN_PROTECTION_DEFAULTS,
  type LoginAttempt,
  type LoginCheck,
  type LoginProtection,
  type LoginProtectionOptions,
  type LoginResult,
  type LoginStart,
} from "../auth/login-protection";
export {
  createScryptHasher,
  DEFAULT_HASHING_CONCURRENCY,
  DEFAULT_SCRYPT_COST,
  hashPassword,
  type PasswordHasher,
  type ScryptCost,
  verifyPassword,
} from "../auth/password";
export {
  adminProducts,
  authorize,
  authorizeMemberOperation,
  type Decision,
  type EndpointGroup,
  isAdmin,
  isPerformAdmin,
  MEMBER_OPERATIONS,
  type MemberOperation,
  type MemberOperationArgs,
  type MemberOperationRequest,
  type Principal,
  touchedProducts,
} from "../auth/policy";
export {
  createSessionStampCheck,
  type SessionStampCheck,
  sessionStamp,
} from "../auth/session-stamp";
export { currentSessionStamp, issueSessionToken } from "../auth/session-token";
export {
  createTokenVerifier,
  issueToken,
  type RememberingTokenVerifier,
  type Session,
  TOKEN_LIFETIME_SECONDS,
  type TokenSecret,
  type TokenVerifier,
  verifyToken,
} from "../auth/token";
export { generateTotp, matchTotpStep, verifyTotp } from "../auth/totp";
export type { MemberRoles } from "../domain/member";
export type { FeedJsonMemo } from "../feed/json-memo";
export { MemberGraphqlErrorCode } from "../graphql/errors";
export {
  executeMemberGraphql,
  type GraphqlContext,
  HEAVY_READS_RETRY_AFTER_SECONDS,
  type MemberGraphqlRequest,
  memberGraphqlHttpStatus,
  memberGraphqlSchema,
} from "../graphql/execute";
export {
  createHeavyReadGate,
  DEFAULT_HEAVY_READ_LIMITS,
  type HeavyReadGate,
  type HeavyReadLimits,
  type HeavyReadTurn,
} from "../graphql/heavy-reads";
export { MEMBER_GRAPHQL_LIMITS } from "../graphql/limits";
export { type MemberListBudget, memberListBudgetRule } from "../graphql/list-budget-rule";
export { supportedOperationRule } from "../graphql/operation-type-rule";
export {
  type MemberGraphqlCostLimits,
  type PreparedMemberGraphql,
  prepareMemberGraphql,
} from "../graphql/prepare";
export { MEMBER_GRAPHQL_SDL } from "../graphql/schema";
export { type InsuranceOptions, insuredLimiters } from "../limits/insured";
export { createRedisLimiters } from "../limits/redis";
export { type SharedLimiters, sharedLimitersFrom } from "../limits/shared";
export {
  createOutageLog,
  type OutageLog,
  type OutageLogger,
} from "../runtime/outages";
export { yieldingPace } from "../runtime/pace";
export { observeOutboxBacklog } from "../telemetry/outbox-backlog";
export { accountEmailLink } from "./account-pages/links";
export { createHttpApp } from "./app";
export { comesFromAnotherSite } from "./cross-site";
export { MATTER_ENDPOINTS_DEPRECATED_SINCE } from "./deprecation";
export type { DeprecationOptions } from "./deprecation-options";
export type { HttpEnv, HttpSettings } from "./env";
export type { GraphqlHttpOptions } from "./graphql";
export { createHttpHandler, type HttpHandler } from "./handler";
export type { HealthOptions } from "./health";
export {
  DEFAULT_MAX_CONCURRENT_IMPORTS,
  IMPORTS_RETRY_AFTER_SECONDS,
} from "./import-gate";
export {
  createImportWorkerPool,
  defaultImportWorkers,
  type ImportWorkerPool,
  type ImportWorkerPoolOptions,
} from "./import-pool";
export {
  type InstructionLine,
  type InstructionSection,
  importInstructionSections,
  layoutImportInstructions,
  renderImportInstructions,
} from "./instructions-pdf";
export type { JobBoardHttpOptions } from "./job-board";
export type { RequestLine, RpdiLogger } from "./logger";
export { openApiDocument } from "./openapi";
export { OPERATOR_TOKEN_MIN_LENGTH } from "./operator/auth";
export { OPERATOR_BODY_LIMIT } from "./operator/read-body";
export type { HttpHandlerOptions } from "./options";
export { OUTAGE_RETRY_AFTER_SECONDS } from "./outages";
export {
  createWebhookSender,
  resolveHostname,
  type WebhookSenderOptions,
} from "./webhook-sender";
export { defaultWebhookUrlPolicy } from "./webhook-url-policy";
