import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow } from "./row";

/**
 * SSO ID is required when the organization uses SSO with its own identifiers and the member does
 * not use MFA. Update rule 6: when the file has only one of SSO ID and Use MFA, the other comes
 * from the stored member before this check. With neither column, an update leaves sign-in as
 * stored (update rule 1: absent headers preserve), so it is not judged; a create still needs an
 * SSO ID.
 */
export function checkSsoRequirement(
  row: DraftMemberRow,
  present: { ssoId: boolean; useMfa: boolean },
): CellProblem | undefined {
  const stored = row.existing;
  if (!present.ssoId && !present.useMfa && stored !== null) return undefined;
  if (present.useMfa && row.values.useMfa === undefined) return undefined; // Use MFA itself failed
  const useMfa = present.useMfa ? row.values.useMfa === true : (stored?.useMfa ?? false);
  if (useMfa) return undefined;
  if (present.ssoId && row.values.ssoId === undefined) return undefined; // SSO ID itself failed
  const ssoId = present.ssoId ? row.values.ssoId : (stored?.ssoId ?? null);
  if (ssoId !== null && ssoId !== undefined) return undefined;
  return new CellProblem(MemberRowErrorType.EMPTY_REQUIRED_VALUE, {
    key: present.ssoId
      ? "member.EMPTY_REQUIRED_VALUE.ssoIdBlank"
      : "member.EMPTY_REQUIRED_VALUE.ssoIdColumnMissing",
    params: { column: "SSO ID" },
  });
}
