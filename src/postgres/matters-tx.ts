import type { MatterWrites } from "../domain/matter-writes";
import type { StoreTx } from "../store/port";
import { readCycleMatters, writeMatters } from "./matters-sql";
import type { TxScope } from "./session";
import { type BulkWrites, MATTER_TABLES } from "./statistics";

/** The transaction's review cycles and their client matters and entries. */
export function matterOperations(
  { connection, s, orgId }: TxScope,
  bulk: BulkWrites,
): Pick<StoreTx, "findReviewCycle" | "loadCycleMatters" | "applyMatterWrites"> {
  return {
    async findReviewCycle(reviewCycleId) {
      const { rows } = await connection.query(
        `SELECT id, name FROM ${s}.review_cycles WHERE org_id = $1 AND id = $2`,
        [orgId, reviewCycleId],
      );
      const row = rows[0];
      return row === undefined ? null : { id: row.id as string, name: row.name as string };
    },

    loadCycleMatters: (reviewCycleId) => readCycleMatters(connection, s, orgId, reviewCycleId),

    async applyMatterWrites(reviewCycleId, writes: MatterWrites) {
      await writeMatters(connection, s, orgId, reviewCycleId, writes);
      bulk.note(MATTER_TABLES, writes.createEntries.length + (writes.updateEntries?.length ?? 0));
    },
  };
}
