import type { StoreTx } from "../store/port";
import { accountOperations } from "./accounts-tx";
import { changeLogOperations } from "./change-log-tx";
import { ChangeLogWrites } from "./change-log-writes";
import { columnMappingOperations } from "./column-mappings-tx";
import type { FeedIndexCache } from "./feed-cache";
import { feedReads } from "./feed-tx";
import { FeedWrites } from "./feed-writes";
import { liveDataOperations } from "./live-data-tx";
import { matterOperations } from "./matters-tx";
import { memberReads } from "./member-reads-tx";
import { memberSessionOperations } from "./member-sessions-tx";
import { memberWrites } from "./member-writes-tx";
import type { CommitHooks, TxScope } from "./session";
import type { BulkWrites } from "./statistics";
import { welcomeEmailOperations } from "./welcome-emails-tx";

/**
 * The port's transaction on PostgreSQL: every operation on the scope's one connection, for its
 * organization. Bulk writes are noted in `bulk` for statistics after the commit; what the feed
 * index cache must follow once the transaction commits goes to `commit`.
 */
export function postgresTx(
  scope: TxScope,
  bulk: BulkWrites,
  feedIndexes: FeedIndexCache,
  commit: CommitHooks,
): StoreTx {
  const log = new ChangeLogWrites(scope, bulk, commit);
  return {
    ...memberReads(scope),
    ...memberWrites(scope, bulk),
    ...matterOperations(scope, bulk),
    ...feedReads(scope, feedIndexes),
    ...welcomeEmailOperations(scope),
    ...memberSessionOperations(scope),
    ...columnMappingOperations(scope),
    ...accountOperations(scope),
    ...liveDataOperations(scope, bulk, new FeedWrites(scope, feedIndexes, commit), log),
    ...changeLogOperations(scope, log),
  };
}
