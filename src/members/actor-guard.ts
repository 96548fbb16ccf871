import { authorizeMemberOperation, type MemberOperationRequest } from "../auth/policy";
import type { MemberRoles } from "../domain/member";
import { type Product, Role } from "../domain/products";
import { MEMBER_COLUMNS } from "./columns";
import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";
import type { DraftMemberRow, ReportProblem } from "./row";

/**
 * The GraphQL rules for changing a member, applied to the import's sign-in cells when the import
 * knows who runs it: a New Email move, Use MFA and SSO ID of a stored member change only with
 * authority over every product the member holds; a Role that grants `ADMIN` on the product, or takes it away, needs
 * `ADMIN` on it, and nobody lowers their own. Each refusal is `ROW_VALUE_CONFLICT` on its cell.
 */
export function guardActorChanges(
  rows: readonly DraftMemberRow[],
  actor: MemberRoles,
  product: Product,
  report: ReportProblem,
): void {
  const refuse = (
    row: DraftMemberRow,
    field: "useMfa" | "ssoId" | "role",
    request: MemberOperationRequest,
  ) => {
    const decision = authorizeMemberOperation(request, actor, row.existing);
    if (!decision.allowed)
      report(
        row,
        field,
        new CellProblem(MemberRowErrorType.ROW_VALUE_CONFLICT, {
          key: "member.ROW_VALUE_CONFLICT.notAllowed",
          params: { column: MEMBER_COLUMNS[field].header, reason: decision.error },
        }),
      );
  };
  for (const row of rows) {
    const { existing, values } = row;
    // resolveNewEmails left a New Email only on rows that really move their member.
    if (existing !== null && typeof values.newEmail === "string") {
      const decision = authorizeMemberOperation(
        { operation: "editEmployerMemberInfo" },
        actor,
        existing,
      );
      if (!decision.allowed) {
        const products = existing.products.map((access) => access.product);
        const problem = new CellProblem(MemberRowErrorType.ROW_VALUE_CONFLICT, {
          key: "member.ROW_VALUE_CONFLICT.moveNeedsAdmin",
          params: { email: String(values.email), products },
        });
        report(row, "newEmail", problem);
      }
    }
    if (existing !== null) {
      const authInfo = { operation: "editEmployerMemberAuthInfo", productRoles: [] } as const;
      if (values.useMfa !== undefined && (values.useMfa ?? false) !== existing.useMfa)
        refuse(row, "useMfa", authInfo);
      if (values.ssoId !== undefined && (values.ssoId ?? null) !== existing.ssoId)
        refuse(row, "ssoId", authInfo);
    }
    const role = values.role;
    if (typeof role !== "string") continue;
    const current = existing?.products.find((access) => access.product === product)?.role;
    // The import grants MEMBER to every row by the spec; only ADMIN, given or taken, is guarded.
    if (role !== current && (role === Role.ADMIN || current === Role.ADMIN))
      refuse(row, "role", { operation: "addEmployerMemberProductUserRole", product, role });
  }
}
