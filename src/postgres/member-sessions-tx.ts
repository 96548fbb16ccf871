import type { StoreTx } from "../store/port";
import type { TxScope } from "./session";

/** The transaction's login state of members: TOTP steps taken, session epochs. */
export function memberSessionOperations({
  connection,
  s,
  orgId,
}: TxScope): Pick<StoreTx, "acceptTotpStep" | "endMemberSessions"> {
  return {
    async acceptTotpStep(memberId, step) {
      // One statement: a concurrent login with the same code finds the row locked, then sees
      // the step taken.
      const { rows } = await connection.query(
        `INSERT INTO ${s}.totp_steps (org_id, member_id, step) VALUES ($1, $2, $3)
         ON CONFLICT (org_id, member_id) DO UPDATE SET step = EXCLUDED.step
         WHERE ${s}.totp_steps.step < EXCLUDED.step
         RETURNING step`,
        [orgId, memberId, step],
      );
      return rows.length === 1;
    },

    async endMemberSessions(memberId) {
      const { rows } = await connection.query(
        `UPDATE ${s}.members SET session_epoch = session_epoch + 1 WHERE org_id = $1 AND id = $2 RETURNING id`,
        [orgId, memberId],
      );
      return rows.length === 1;
    },
  };
}
