/** File-level `fileError.type` values of the member 400 body (spec: Errors → Member import). */
export const MemberFileErrorType = {
  EMPTY_FILE: "EMPTY_FILE",
  INVALID_FILE_FORMAT: "INVALID_FILE_FORMAT",
  MISSING_REQUIRED_COLUMNS: "MISSING_REQUIRED_COLUMNS",
  UNEXPECTED_COLUMNS: "UNEXPECTED_COLUMNS",
  FILE_SIZE_EXCEEDED: "FILE_SIZE_EXCEEDED",
} as const;
export type MemberFileErrorType = (typeof MemberFileErrorType)[keyof typeof MemberFileErrorType];

/** Row-level `rowColumnErrors[].type` values of the member 400 body. */
export const MemberRowErrorType = {
  EMPTY_REQUIRED_VALUE: "EMPTY_REQUIRED_VALUE",
  INVALID_EMAIL: "INVALID_EMAIL",
  INVALID_FORMAT: "INVALID_FORMAT",
  INVALID_URL: "INVALID_URL",
  INVALID_YEAR: "INVALID_YEAR",
  INVALID_DATE_FORMAT: "INVALID_DATE_FORMAT",
  DUPLICATE_VALUE: "DUPLICATE_VALUE",
  EXISTING_USER_CONFLICT: "EXISTING_USER_CONFLICT",
  INVALID_LIST_SELECTION: "INVALID_LIST_SELECTION",
  INVALID_SSO_ID: "INVALID_SSO_ID",
  ROW_VALUE_CONFLICT: "ROW_VALUE_CONFLICT",
  UNKNOWN: "UNKNOWN",
} as const;
export type MemberRowErrorType = (typeof MemberRowErrorType)[keyof typeof MemberRowErrorType];

/** Every file-level error type of the member CSV. */
export const MEMBER_FILE_ERROR_TYPES = Object.values(MemberFileErrorType) as [
  MemberFileErrorType,
  ...MemberFileErrorType[],
];
/** Every row-level error type of the member CSV. */
export const MEMBER_ROW_ERROR_TYPES = Object.values(MemberRowErrorType) as [
  MemberRowErrorType,
  ...MemberRowErrorType[],
];
