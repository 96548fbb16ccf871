import { z } from "zod";
import { MEMBER_FILE_ERROR_TYPES, MEMBER_ROW_ERROR_TYPES } from "./errors";

/** Schema of {@link MemberFileError}. */
export const memberFileErrorSchema = z.object({
  message: z.string(),
  type: z.enum(MEMBER_FILE_ERROR_TYPES),
});
/** The file-level error of a member 400 body. */
export type MemberFileError = z.infer<typeof memberFileErrorSchema>;

/** Schema of {@link MemberRowColumnError}. */
export const memberRowColumnErrorSchema = z.object({
  rowNumber: z.number().int(),
  columnName: z.string(),
  value: z.string(),
  type: z.enum(MEMBER_ROW_ERROR_TYPES),
  message: z.string(),
});
/** One cell's error in a member 400 body. */
export type MemberRowColumnError = z.infer<typeof memberRowColumnErrorSchema>;

/** The member import's 400 body. Exactly one side is populated: `fileError` or `rowColumnErrors`. */
export const memberValidationResultSchema = z
  .object({
    fileError: memberFileErrorSchema.nullable(),
    rowColumnErrors: z.array(memberRowColumnErrorSchema),
  })
  .refine((body) => (body.fileError === null) !== (body.rowColumnErrors.length === 0), {
    message: "exactly one of fileError or rowColumnErrors is populated",
  });
/** The member 400 body: a file error, or row and column errors. */
export type MemberValidationResult = z.infer<typeof memberValidationResultSchema>;

/** Schema of {@link AbsentMember}. */
export const absentMemberSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
/** A member of the organization with the product whom the file does not name (in the 200 body). */
export type AbsentMember = z.infer<typeof absentMemberSchema>;

/** The member import's 200 body. */
export const memberImportResultSchema = z.object({
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  absentMembers: z.array(absentMemberSchema),
});
/** The 200 body of a member import. */
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

/** The 200 body of DELETE /members/bulk-remove. */
export const bulkRemoveResultSchema = z.object({ removedCount: z.number().int().nonnegative() });
/** The 200 body of a bulk remove (see {@link bulkRemoveResultSchema}). */
export type BulkRemoveResult = z.infer<typeof bulkRemoveResultSchema>;
