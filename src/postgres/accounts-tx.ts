import type { ACCOUNT_OPERATIONS } from "../store/accounts";
import type { StoreTx } from "../store/port";
import {
  readAccountToken,
  readMfaEnrollment,
  updateCredentials,
  writeAccountTokens,
  writeMfaEnrollments,
} from "./accounts-sql";
import type { TxScope } from "./session";

type AccountOperation = (typeof ACCOUNT_OPERATIONS)[number];

/** The transaction's accounts: credentials changes, invitation and recovery tokens, MFA enrollments. */
export function accountOperations({
  connection,
  s,
  orgId,
}: TxScope): Required<Pick<StoreTx, AccountOperation>> {
  return {
    updateMemberCredentials: (memberId, change) =>
      updateCredentials(connection, s, orgId, memberId, change),

    saveAccountTokens: (tokens) => writeAccountTokens(connection, s, orgId, tokens),

    findAccountToken: (purpose, tokenHash) =>
      readAccountToken(connection, s, orgId, purpose, tokenHash),

    async deleteAccountToken(memberId, purpose) {
      await connection.query(
        `DELETE FROM ${s}.account_tokens WHERE org_id = $1 AND member_id = $2 AND purpose = $3`,
        [orgId, memberId, purpose],
      );
    },

    saveMfaEnrollment: (enrollment) => writeMfaEnrollments(connection, s, orgId, [enrollment]),

    loadMfaEnrollment: (memberId) => readMfaEnrollment(connection, s, orgId, memberId),

    async deleteMfaEnrollment(memberId) {
      await connection.query(
        `DELETE FROM ${s}.mfa_enrollments WHERE org_id = $1 AND member_id = $2`,
        [orgId, memberId],
      );
    },
  };
}
