import type { MemberWrites } from "../domain/member-writes";
import type { Product } from "../domain/products";
import { MemberConflictError } from "../store/errors";
import type { StoreTx } from "../store/port";
import { Pipeline } from "./bulk";
import { sqlState } from "./client";
import { HOLDS_PRODUCT, writeMembers } from "./members-sql";
import type { TxScope } from "./session";
import { type BulkWrites, MEMBER_TABLES } from "./statistics";

/** The transaction's writes of members: a plan's creates and updates, deletes, revoked products. */
export function memberWrites(
  scope: TxScope,
  bulk: BulkWrites,
): Pick<StoreTx, "applyMemberPlan" | "deleteMembers" | "revokeProductAccess"> {
  const { connection, s, orgId } = scope;
  return {
    applyMemberPlan: (plan: MemberWrites) => applyMemberPlan(scope, bulk, plan),

    async deleteMembers(memberIds) {
      await connection.query(
        `DELETE FROM ${s}.members WHERE org_id = $1 AND id = ANY($2::text[])`,
        [orgId, [...memberIds]],
      );
    },

    async revokeProductAccess(product: Product, memberIds) {
      await connection.query(
        `UPDATE ${s}.members m SET products = jsonb_path_query_array(m.products, '$[*] ? (@.product != $p)', jsonb_build_object('p', $2::text))
         WHERE m.org_id = $1 AND m.id = ANY($3::text[]) AND ${HOLDS_PRODUCT[product]}`,
        [orgId, product, [...memberIds]],
      );
    },
  };
}

/**
 * Writes the plan's members and welcome emails under a savepoint: an address that another member
 * took meanwhile rolls the plan back and surfaces as {@link MemberConflictError}.
 */
async function applyMemberPlan(
  { connection, s, orgId }: TxScope,
  bulk: BulkWrites,
  plan: MemberWrites,
): Promise<void> {
  // The plan's pace paces the building of its rows' COPY text, which for a large import would
  // otherwise hold the host's loop.
  if (plan.pace !== undefined) connection.pace = plan.pace;
  try {
    await connection.query("SAVEPOINT rpdi_member_plan");
    // Each statement is sent once the one before is done; a COPY's rows are made meanwhile.
    const pipeline = new Pipeline();
    const written = await writeMembers(connection, s, orgId, plan, pipeline);
    await pipeline.drain();
    await connection.query("RELEASE SAVEPOINT rpdi_member_plan");
    bulk.note(MEMBER_TABLES, await written());
  } catch (error) {
    if (sqlState(error) !== "23505") throw error;
    await connection.query("ROLLBACK TO SAVEPOINT rpdi_member_plan");
    throw new MemberConflictError(
      conflictingEmail(error, orgId) ?? "",
      "The address already belongs to another member.",
    );
  } finally {
    delete connection.pace;
  }
}

/**
 * The address in `members_email`'s unique-violation detail (migration 12):
 * `Key (lower(email), org_id)=(a@b.c, org) already exists.` Cut by the known organization, so a
 * comma in the address cannot shift it.
 */
function conflictingEmail(error: unknown, orgId: string): string | undefined {
  const detail = (error as { detail?: unknown }).detail;
  const head = "Key (lower(email), org_id)=(";
  const tail = `, ${orgId}) already exists.`;
  if (typeof detail !== "string" || !detail.startsWith(head) || !detail.endsWith(tail))
    return undefined;
  return detail.slice(head.length, detail.length - tail.length);
}
