import { appendChanges } from "./change-log-sql";
import type { CommitHooks, TxScope } from "./session";
import type { BulkWrites } from "./statistics";
import { replayEvents } from "./webhook-sql";

/**
 * A write transaction's changes to the change log. The live-data writes name what they changed
 * (as the memory store marks its `feedTouched` and `feedReshaped`); the entries are written once,
 * just before the COMMIT, so an application changed by several writes of the transaction gets one
 * entry, and its positions are drawn under the organization's lock in commit order. Replays run
 * after them, as the memory store's do at its commit: over the log the transaction leaves, for an
 * endpoint enabled then.
 */
export class ChangeLogWrites {
  readonly #scope: TxScope;
  readonly #bulk: BulkWrites;
  readonly #commit: CommitHooks;
  readonly #applications = new Set<string>();
  readonly #candidates = new Set<string>();
  readonly #jobs = new Set<string>();
  readonly #replays: { endpointId: string; after: number }[] = [];
  #everyApplication = false;
  #pending = false;

  constructor(scope: TxScope, bulk: BulkWrites, commit: CommitHooks) {
    this.#scope = scope;
    this.#bulk = bulk;
    this.#commit = commit;
  }

  /** Applications written or erased. */
  applications(ids: Iterable<string>): void {
    this.#add(this.#applications, ids);
  }

  /** Candidates written: each of their applications shows them. */
  candidates(ids: Iterable<string>): void {
    this.#add(this.#candidates, ids);
  }

  /** Jobs written: each of their applications shows them. */
  jobs(ids: Iterable<string>): void {
    this.#add(this.#jobs, ids);
  }

  /** The profile's feed fields changed: every application shows them. */
  everyApplication(): void {
    this.#everyApplication = true;
    this.#schedule();
  }

  /** Events for the endpoint of every entry after `after`, once the transaction's own are in. */
  replay(endpointId: string, after: number): void {
    this.#replays.push({ endpointId, after });
    this.#schedule();
  }

  #add(set: Set<string>, ids: Iterable<string>): void {
    for (const id of ids) set.add(id);
    if (set.size > 0) this.#schedule();
  }

  #schedule(): void {
    if (this.#pending) return;
    this.#pending = true;
    this.#commit.beforeCommit(async () => {
      if (this.#touched()) await this.#append();
      const { connection, s, orgId } = this.#scope;
      for (const replay of this.#replays) await replayEvents(connection, s, orgId, replay);
    });
  }

  #touched(): boolean {
    return (
      this.#everyApplication ||
      this.#applications.size > 0 ||
      this.#candidates.size > 0 ||
      this.#jobs.size > 0
    );
  }

  async #append(): Promise<void> {
    const { connection, s, orgId } = this.#scope;
    const appended = await appendChanges(connection, s, orgId, {
      applicationIds: [...this.#applications],
      candidateIds: [...this.#candidates],
      jobIds: [...this.#jobs],
      everyApplication: this.#everyApplication,
    });
    this.#bulk.note(["application_changes"], appended.entries);
    this.#bulk.note(["webhook_events"], appended.events);
  }
}
