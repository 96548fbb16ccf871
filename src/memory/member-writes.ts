import type { Member } from "../domain/member";
import { copyMember } from "../domain/member-copy";
import type { MemberWrites } from "../domain/member-writes";
import { withSessionEpoch } from "../domain/session-epoch";
import type { WelcomeEmail } from "../domain/welcome-email";
import { MemberConflictError } from "../store/errors";
import type { StoreTx } from "../store/port";
import { emailKey } from "../values/email";
import { dropAccountState, dropAccountTokens } from "./accounts";
import type { WritableTable } from "./overlay-map";
import type { WorkingState } from "./state";
import type { MemoryTxContext } from "./tx-context";
import { WRITES_PER_SLICE } from "./write-slice";

type MemberWriteOperations = Pick<
  StoreTx,
  "applyMemberPlan" | "deleteMembers" | "revokeProductAccess" | "endMemberSessions"
>;

/** The port's member writes, into `context`'s working state. */
export function memberWrites(context: MemoryTxContext): MemberWriteOperations {
  const { read, write } = context;
  return {
    async applyMemberPlan(plan) {
      const state = write();
      state.pace ??= plan.pace;
      await writeMembers(state, plan);
      if (plan.welcomeEmails.length > 0) queueWelcomeEmails(state, plan);
    },

    async deleteMembers(memberIds) {
      const state = write();
      const members = state.members.willChange(memberIds.length);
      const addresses = state.idByEmail.willChange(memberIds.length);
      for (const id of memberIds) {
        const member = members.get(id);
        if (member === undefined) continue;
        members.delete(id);
        dropAddress(addresses, state.changedAddresses, emailKey(member.email));
      }
      dropAccountState(state, memberIds);
    },

    async revokeProductAccess(product, memberIds) {
      const state = write();
      state.members.willChange(memberIds.length);
      for (const id of memberIds) {
        const member = state.members.get(id);
        if (member === undefined) continue;
        state.members.set(
          id,
          withSessionEpoch(member, {
            ...copyMember(member),
            products: member.products
              .filter((access) => access.product !== product)
              .map((access) => ({ ...access })),
          }),
        );
      }
    },

    async endMemberSessions(memberId) {
      // Looked up before write(): an unknown member changes nothing, so nothing is published.
      if (!read().members.has(memberId)) return false;
      const members = write().members;
      const member = copyMember(members.get(memberId) as Member);
      member.credentials = {
        ...member.credentials,
        sessionEpoch: member.credentials.sessionEpoch + 1,
      };
      members.set(memberId, member);
      return true;
    },
  };
}

/** Writes a plan's updates, then its creates, awaiting its pace between slices. */
async function writeMembers(state: WorkingState, plan: MemberWrites): Promise<void> {
  // Handed-over records are kept as they are; any other is copied, staying the caller's.
  const keep = plan.handOver === true ? (member: Member) => member : copyMember;
  const members = state.members.willChange(plan.updates.length + plan.creates.length);
  const addresses = state.idByEmail.willChange(plan.creates.length);
  const changed = state.changedAddresses;
  let written = 0;
  for (const member of plan.updates) {
    if (plan.pace !== undefined && ++written % WRITES_PER_SLICE === 0) await plan.pace();
    const stored = members.get(member.id);
    if (stored === undefined) throw new Error(`applyMemberPlan: no member with id ${member.id}`);
    if (emailKey(stored.email) !== emailKey(member.email)) {
      claimAddress(addresses, changed, member);
      dropAddress(addresses, changed, emailKey(stored.email));
      // Links mailed to the old address stop working, even if the address comes back later.
      dropAccountTokens(state, member.id);
    }
    members.set(member.id, withSessionEpoch(stored, keep(member), plan.handOver === true));
  }
  for (const member of plan.creates) {
    if (plan.pace !== undefined && ++written % WRITES_PER_SLICE === 0) await plan.pace();
    if (members.has(member.id)) throw new Error(`applyMemberPlan: member id ${member.id} exists`);
    claimAddress(addresses, changed, member);
    members.set(member.id, keep(member));
  }
}

/**
 * Appends a plan's welcome emails to the outbox one at a time: spreading a whole file's emails
 * into push's arguments can overflow the stack. Handed-over emails are kept as they are, frozen
 * (an import queues one per new member); any other is copied.
 */
function queueWelcomeEmails(state: WorkingState, plan: MemberWrites): void {
  const outbox = [...state.outbox];
  const keepEmail =
    plan.handOver === true
      ? (email: WelcomeEmail) => Object.freeze(email)
      : (email: WelcomeEmail) => ({ ...email });
  for (const email of plan.welcomeEmails) outbox.push(keepEmail(email));
  state.outbox = outbox;
}

/** Takes `member`'s address in the index, refusing one another member already has. */
function claimAddress(
  idByEmail: WritableTable<string, string>,
  changed: Set<string>,
  member: Member,
): void {
  const key = emailKey(member.email);
  const holder = idByEmail.get(key);
  if (holder !== undefined && holder !== member.id) {
    throw new MemberConflictError(
      member.email,
      `The address ${member.email} already belongs to another member.`,
    );
  }
  if (holder === undefined) {
    idByEmail.set(key, member.id);
    changed.add(key);
  }
}

function dropAddress(
  idByEmail: WritableTable<string, string>,
  changed: Set<string>,
  key: string,
): void {
  if (idByEmail.delete(key)) changed.add(key);
}
