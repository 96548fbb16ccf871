import { z } from "zod";
import {
  MEMBER_FILE_ERROR_TYPES,
  MEMBER_ROW_ERROR_TYPES,
  type MemberFileErrorType,
} from "./errors";

export const memberFileErrorSchema = z.object({
  message: z.string(),
  type: z.enum(MEMBER_FILE_ERROR_TYPES),
});
export type MemberFileError = z.infer<typeof memberFileErrorSchema>;

export const memberRowColumnErrorSchema = z.object({
  rowNumber: z.number().int(),
  columnName: z.string(),
  value: z.string(),
  type: z.enum(MEMBER_ROW_ERROR_TYPES),
  message: z.string(),
});
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
export type MemberValidationResult = z.infer<typeof memberValidationResultSchema>;

export const absentMemberSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type AbsentMember = z.infer<typeof absentMemberSchema>;

/** The member import's 200 body. */
export const memberImportResultSchema = z.object({
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  absentMembers: z.array(absentMemberSchema),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

export function fileErrorResult(
  type: MemberFileErrorType,
  message: string,
): MemberValidationResult {
  return { fileError: { message, type }, rowColumnErrors: [] };
}
