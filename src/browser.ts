/**
 * rpdi's browser build (the `browser` condition of `rpdi`): the file rules, to check a member or
 * matter file in the page before it is uploaded, with the answers the server gives. Pure, like
 * the root export, and without zod or any Node built-in; the organization, its members and `now`
 * come in as arguments (fetch them from the lookup endpoints or your own backend).
 */

export { annotateCsv } from "./csv/error-report";
export { escapeFormula, unescapeFormula } from "./csv/formula-escape";
export { type CsvInput, MAX_CSV_BYTES } from "./csv/read";
export type { Member } from "./domain/member";
export type { OrganizationProfile } from "./domain/organization";
export { Product } from "./domain/products";
export { type ExampleFileName, exampleFiles } from "./examples/files";
export { matterErrorReport } from "./matters/error-report";
export {
  MATTER_FILE_ERROR_TYPES,
  MAX_MATTER_ROWS,
  MatterFileErrorType,
  MIN_MATTER_ROWS,
} from "./matters/errors";
export {
  type MatterCellProblem,
  type MatterCellReason,
  MatterProblemRule,
} from "./matters/problems";
export { MATTER_REJECTION_ROWS, matterRejectionText } from "./matters/rejection-text";
export type {
  MatterFileError,
  MatterRowError,
  MatterUpsertResult,
  MatterValidationResult,
} from "./matters/result";
export type { MatterRuleSet } from "./matters/rule-sets";
export {
  checkMatterCsv,
  type MatterCheck,
  type MatterValidationOptions,
  validateMatterCsv,
} from "./matters/validate";
export {
  type MatterValidationAsyncOptions,
  validateMatterCsvAsync,
} from "./matters/validate-async";
export { memberErrorReport } from "./members/error-report";
export {
  MEMBER_FILE_ERROR_TYPES,
  MEMBER_ROW_ERROR_TYPES,
  MemberFileErrorType,
  MemberRowErrorType,
} from "./members/errors";
export { generateExampleMemberCsv, MAX_EXAMPLE_ROWS } from "./members/example-csv";
export type {
  AbsentMember,
  MemberFileError,
  MemberImportResult,
  MemberRowColumnError,
  MemberValidationResult,
} from "./members/result";
export { summarizeMemberImport } from "./members/summary";
export {
  type MemberValidation,
  type MemberValidationContext,
  validateMemberCsv,
} from "./members/validate";
export {
  type MemberValidationAsyncContext,
  validateMemberCsvAsync,
} from "./members/validate-async";
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
