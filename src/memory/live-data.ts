import type { Application } from "../domain/feed";
import type { Member } from "../domain/member";
import { copyMember } from "../domain/member-copy";
import type { OrganizationProfile } from "../domain/organization";
import { deepFreeze } from "../runtime/deep-freeze";
import type { ErasedCounts, StoreTx } from "../store/port";
import { sameJson } from "../values/same-json";
import type { WorkingState } from "./state";
import type { MemoryTxContext } from "./tx-context";

type LiveDataOperations = Required<
  Pick<
    StoreTx,
    | "saveOrganizationProfile"
    | "endOrganizationSessions"
    | "loadJobs"
    | "saveJobs"
    | "createReviewCycle"
    | "loadCandidates"
    | "loadApplications"
    | "saveRecruitingWrites"
    | "eraseCandidates"
    | "eraseApplications"
  >
>;

/** The port's live-data operations over `context`'s state. */
export function liveDataOperations({ read, write }: MemoryTxContext): LiveDataOperations {
  return {
    async saveOrganizationProfile(profile) {
      const state = write();
      const before = state.organization;
      const next: OrganizationProfile = deepFreeze(structuredClone({ ...profile, id: before.id }));
      state.organization = next;
      if (
        next.shortName !== before.shortName ||
        next.siteUrl !== before.siteUrl ||
        !sameJson(next.applicationCustomFields, before.applicationCustomFields)
      )
        state.feedReshaped = true;
    },

    async endOrganizationSessions() {
      const state = write();
      for (const member of [...state.members.values()]) {
        const copy: Member = copyMember(member);
        copy.credentials = {
          ...member.credentials,
          sessionEpoch: member.credentials.sessionEpoch + 1,
        };
        state.members.set(member.id, copy);
      }
    },

    async loadJobs(ids) {
      return found(ids, read().jobs).map((job) => ({ ...job }));
    },

    async saveJobs(jobs) {
      const state = write();
      const changed = new Set<string>();
      for (const job of jobs) {
        state.jobs.set(job.id, Object.freeze({ ...job }));
        changed.add(job.id);
      }
      for (const application of state.applications.values())
        if (changed.has(application.jobId)) state.feedTouched.add(application.id);
    },

    async createReviewCycle(cycle) {
      if (read().reviewCycles.has(cycle.id)) return false;
      write().reviewCycles.set(cycle.id, {
        id: cycle.id,
        name: cycle.name,
        matters: { clientMatters: [], entries: [] },
      });
      return true;
    },

    async loadCandidates(ids) {
      return found(ids, read().candidates).map((candidate) => ({ ...candidate }));
    },

    // Stored applications are frozen: handed out as they are.
    async loadApplications(ids) {
      return found(ids, read().applications);
    },

    async saveRecruitingWrites(writes) {
      const state = write();
      for (const candidate of writes.candidates) {
        state.candidates.set(candidate.id, Object.freeze({ ...candidate }));
        for (const id of state.candidateApplications.get(candidate.id) ?? [])
          state.feedTouched.add(id);
      }
      for (const application of writes.applications) {
        // Kept as given, frozen: the port's writers hand their records over.
        const stored = freezeApplication(application);
        const before = state.applications.get(application.id);
        if (before !== undefined && before.candidateId !== application.candidateId)
          unlink(state, before);
        if (before === undefined || before.candidateId !== application.candidateId)
          link(state, application);
        state.applications.set(application.id, stored);
        state.feedTouched.add(application.id);
      }
    },

    async eraseCandidates(ids) {
      const erased: ErasedCounts = { candidates: 0, applications: 0 };
      const present = ids.filter((id) => read().candidates.has(id));
      if (present.length === 0) return erased;
      const state = write();
      for (const id of present) {
        for (const applicationId of state.candidateApplications.get(id) ?? []) {
          state.applications.delete(applicationId);
          state.feedTouched.add(applicationId);
          erased.applications++;
        }
        state.candidateApplications.delete(id);
        state.candidates.delete(id);
        erased.candidates++;
      }
      return erased;
    },

    async eraseApplications(ids) {
      const erased: ErasedCounts = { candidates: 0, applications: 0 };
      const present = ids.filter((id) => read().applications.has(id));
      if (present.length === 0) return erased;
      const state = write();
      for (const id of present) {
        const application = state.applications.get(id);
        if (application === undefined) continue;
        unlink(state, application);
        state.applications.delete(id);
        state.feedTouched.add(id);
        erased.applications++;
        if (!state.candidateApplications.has(application.candidateId)) {
          state.candidates.delete(application.candidateId);
          erased.candidates++;
        }
      }
      return erased;
    },
  };
}

/** The records of `table` with these ids, unknown ids skipped. */
function found<T>(ids: readonly string[], table: { get(key: string): T | undefined }): T[] {
  const records: T[] = [];
  for (const id of new Set(ids)) {
    const record = table.get(id);
    if (record !== undefined) records.push(record);
  }
  return records;
}

function link(state: WorkingState, application: Pick<Application, "id" | "candidateId">): void {
  const ids = state.candidateApplications.get(application.candidateId) ?? [];
  state.candidateApplications.set(application.candidateId, [...ids, application.id]);
}

/** Drops the application from its candidate's list; a candidate left with none has no entry. */
function unlink(state: WorkingState, application: Pick<Application, "id" | "candidateId">): void {
  const ids = (state.candidateApplications.get(application.candidateId) ?? []).filter(
    (id) => id !== application.id,
  );
  if (ids.length === 0) state.candidateApplications.delete(application.candidateId);
  else state.candidateApplications.set(application.candidateId, ids);
}

/**
 * An application frozen with everything it holds, part by part: `deepFreeze` would list the
 * values of every one of a batch's hundred thousand objects to find them.
 */
function freezeApplication(application: Application): Application {
  for (const change of application.statusChanges) Object.freeze(change);
  for (const answer of application.customFieldAnswers) {
    if (Array.isArray(answer.value)) Object.freeze(answer.value);
    Object.freeze(answer);
  }
  for (const entry of application.education) Object.freeze(entry);
  Object.freeze(application.statusChanges);
  Object.freeze(application.customFieldAnswers);
  Object.freeze(application.education);
  Object.freeze(application.offer);
  Object.freeze(application.address);
  return Object.freeze(application);
}
