/** `fileError.type` values of the matter validators' 200 body (spec: Errors → Matters). */
export const MatterFileErrorType = {
  INVALID_FILE_SIZE: "INVALID_FILE_SIZE",
  INVALID_ROW_COUNT: "INVALID_ROW_COUNT",
  COLUMN_COUNT_MISMATCH: "COLUMN_COUNT_MISMATCH",
  UNREADABLE_FILE: "UNREADABLE_FILE",
} as const;
export type MatterFileErrorType = (typeof MatterFileErrorType)[keyof typeof MatterFileErrorType];

/** Every file-level error type of the matter CSV. */
export const MATTER_FILE_ERROR_TYPES = Object.values(MatterFileErrorType) as [
  MatterFileErrorType,
  ...MatterFileErrorType[],
];

/** The spec's matter row limits. */
export const MIN_MATTER_ROWS = 1;
/** The spec's row limit of a matter file: 10,000 data rows. */
export const MAX_MATTER_ROWS = 10_000;
