import type { StoreTx } from "../store/port";
import { WELCOME_EMAIL_COLUMNS, welcomeEmailFromRow } from "./members-sql";
import type { TxScope } from "./session";

/** The transaction's own welcome emails in the outbox. */
export function welcomeEmailOperations({
  connection,
  s,
  orgId,
}: TxScope): Pick<StoreTx, "listWelcomeEmails" | "deleteWelcomeEmails"> {
  return {
    async listWelcomeEmails(limit) {
      const { rows } = await connection.query(
        `SELECT ${WELCOME_EMAIL_COLUMNS} FROM ${s}.welcome_emails WHERE org_id = $1 ORDER BY seq LIMIT $2`,
        [orgId, limit ?? null],
      );
      return rows.map(welcomeEmailFromRow);
    },

    async deleteWelcomeEmails(ids) {
      await connection.query(
        `DELETE FROM ${s}.welcome_emails WHERE org_id = $1 AND id = ANY($2::text[])`,
        [orgId, [...ids]],
      );
    },
  };
}
