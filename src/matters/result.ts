import { z } from "zod";
import { MATTER_FILE_ERROR_TYPES } from "./errors";

/** Schema of {@link MatterFileError}. */
export const matterFileErrorSchema = z.object({
  type: z.enum(MATTER_FILE_ERROR_TYPES),
  rowNumber: z.number().int().nullable(),
  description: z.string(),
});
/** A file-level error of the matter validator's 200 body. */
export type MatterFileError = z.infer<typeof matterFileErrorSchema>;

/** Schema of {@link MatterRowError}. */
export const matterRowErrorSchema = z.object({
  rowNumber: z.number().int(),
  columnsWithErrors: z.array(z.string()),
});
/** A row-level error of the matter validator's 200 body. */
export type MatterRowError = z.infer<typeof matterRowErrorSchema>;

/** The 200 body of both matter validators (also 200 when errors exist). */
export const matterValidationResultSchema = z.object({
  numValidRows: z.number().int(),
  rowErrors: z.array(matterRowErrorSchema),
  fileError: matterFileErrorSchema.nullable(),
});
/** The matter validators' 200 body: the count of valid rows, the row errors and the file error. */
export type MatterValidationResult = z.infer<typeof matterValidationResultSchema>;

/** The 200 body of `POST /matters-csv/upsert`. */
export const matterUpsertResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
/** The 200 body of the matter upsert: counts of created, updated and unchanged entries. */
export type MatterUpsertResult = z.infer<typeof matterUpsertResultSchema>;
