import type { Member } from "../domain/member";
import { copyMember } from "../domain/member-copy";
import { withRole } from "../domain/member-parts";
import type { MemberWrites } from "../domain/member-writes";
import { type Product, Role } from "../domain/products";
import type { WelcomeEmail } from "../domain/welcome-email";
import type { Store, StoreTx } from "../store/port";
import { runReadOnly, runTransaction } from "../store/run";
import { emailKey } from "../values/email";
import { newRecordId } from "../values/record-id";
import { applyMemberEdit, type MemberEdit, type MemberFieldError } from "./edit";
import { MemberRowErrorType } from "./errors";
import { loadNamedUsers } from "./named-users";
import { createMemberRuleContext } from "./rule-context";

/** A member as the per-member operations show it: everything but the sign-in credentials. */
export type PublicMember = Omit<Member, "credentials">;

/** A refusal before anything is written: no such member, or the guard said no. */
export type MemberTargetRefusal =
  | { ok: false; reason: "NOT_FOUND"; memberId: string }
  | { ok: false; reason: "FORBIDDEN"; memberId: string; message: string };

/** What a per-member operation answers: its value, or a typed refusal (not found, forbidden, field errors). */
export type MemberOperationOutcome =
  | { ok: true; member: PublicMember; welcomeEmails: WelcomeEmail[] }
  | MemberTargetRefusal
  | { ok: false; reason: "INVALID"; errors: MemberFieldError[] };

/** Which member a per-member operation acts on: organization and member id. */
export interface MemberTarget {
  orgId: string;
  memberId: string;
}

/** What a {@link MemberGuard} answers (the shape of the auth policy's `Decision`). */
export type MemberGuardVerdict = { allowed: true } | { allowed: false; error: string };

/**
 * Decides whether the caller may act on the member the operation has just read, inside the
 * operation's own transaction, so no change can slip in between the check and the write. A
 * refusal writes nothing.
 */
export type MemberGuard = (target: Member, tx: StoreTx) => Promise<MemberGuardVerdict>;

/** A member a changing operation acts on, with the guard that must let it. */
export interface GuardedMemberTarget extends MemberTarget {
  guard?: MemberGuard;
}

/** A stored member as the per-member operations return it. */
export function publicMember(member: Member): PublicMember {
  const { credentials: _, ...rest } = member;
  return rest;
}

/** Writes one changed member (and its welcome emails) through the import's own port call. */
async function save(
  tx: StoreTx,
  member: Member,
  welcomeEmails: WelcomeEmail[] = [],
): Promise<void> {
  const plan: MemberWrites = {
    creates: [],
    updates: [member],
    welcomeEmails,
  };
  await tx.applyMemberPlan(plan);
}

/** The member as a copy the operation may change: an adapter may hand out frozen records. */
async function loadOne(tx: StoreTx, memberId: string): Promise<Member | undefined> {
  const [member] = await tx.loadMembersById([memberId]);
  return member === undefined ? undefined : copyMember(member);
}

/** The target, read and passed by the guard, or the refusal. */
async function loadTarget(
  tx: StoreTx,
  input: GuardedMemberTarget,
): Promise<{ ok: true; member: Member } | MemberTargetRefusal> {
  const member = await loadOne(tx, input.memberId);
  if (member === undefined) return { ok: false, reason: "NOT_FOUND", memberId: input.memberId };
  const verdict = (await input.guard?.(copyMember(member), tx)) ?? { allowed: true };
  if (!verdict.allowed) {
    return { ok: false, reason: "FORBIDDEN", memberId: input.memberId, message: verdict.error };
  }
  return { ok: true, member };
}

/**
 * editEmployerMemberInfo / editUniversityMemberInfo / editEmployerMemberAuthInfo's SSO part:
 * applies an edit with the CSV's column rules; a new address must be free in the organization
 * and among other organizations' users (as New Email).
 */
export async function editMember(
  store: Store,
  input: GuardedMemberTarget & { edit: MemberEdit; now: Date },
): Promise<MemberOperationOutcome> {
  return runTransaction(store, input.orgId, async (tx) => {
    const loaded = await loadTarget(tx, input);
    if (!loaded.ok) return loaded;
    const member = loaded.member;
    const rules = createMemberRuleContext(await tx.loadOrganization(), "PERFORM", input.now);
    const result = applyMemberEdit(member, input.edit, rules);
    if (!result.ok) return { ok: false, reason: "INVALID", errors: result.errors };
    const moved = emailKey(result.member.email) !== emailKey(member.email);
    if (moved) {
      const named = await loadNamedUsers(tx, [result.member.email], undefined);
      if (
        named.members.some((holder) => holder.id !== member.id) ||
        named.externalUserEmails.length > 0
      ) {
        return {
          ok: false,
          reason: "INVALID",
          errors: [
            {
              columnName: "Email",
              value: result.member.email,
              type: MemberRowErrorType.ROW_VALUE_CONFLICT,
              message: `"${result.member.email}" already belongs to another user or member.`,
            },
          ],
        };
      }
    }
    await save(tx, result.member);
    return { ok: true, member: publicMember(result.member), welcomeEmails: [] };
  });
}

/** editEmployerMemberAuthInfo: roles on products the member has, and SSO ID / Use MFA. */
export async function editMemberAuthInfo(
  store: Store,
  input: GuardedMemberTarget & {
    productRoles?: { product: Product; role: Role }[];
    edit?: Pick<MemberEdit, "ssoId" | "useMfa">;
    now: Date;
  },
): Promise<MemberOperationOutcome> {
  return runTransaction(store, input.orgId, async (tx) => {
    const loaded = await loadTarget(tx, input);
    if (!loaded.ok) return loaded;
    const member = loaded.member;
    const rules = createMemberRuleContext(await tx.loadOrganization(), "PERFORM", input.now);
    const result = applyMemberEdit(member, input.edit ?? {}, rules);
    if (!result.ok) return { ok: false, reason: "INVALID", errors: result.errors };
    const errors: MemberFieldError[] = [];
    for (const { product, role } of input.productRoles ?? []) {
      const access = result.member.products.find((entry) => entry.product === product);
      if (access === undefined) {
        errors.push({
          columnName: "Role",
          value: role,
          type: MemberRowErrorType.ROW_VALUE_CONFLICT,
          message: `The member has no ${product} access to change the role of; grant it with addEmployerMemberProductUserRole.`,
        });
      } else result.member.products = withRole(result.member.products, product, role);
    }
    if (errors.length > 0) return { ok: false, reason: "INVALID", errors };
    await save(tx, result.member);
    return { ok: true, member: publicMember(result.member), welcomeEmails: [] };
  });
}

/** addEmployerMemberProductUserRole: grants the product (welcome email) or sets the role. */
export async function addMemberProductRole(
  store: Store,
  input: GuardedMemberTarget & { product: Product; role?: Role; now: Date; newId?: () => string },
): Promise<MemberOperationOutcome> {
  const newId = input.newId ?? newRecordId;
  return runTransaction(store, input.orgId, async (tx) => {
    const loaded = await loadTarget(tx, input);
    if (!loaded.ok) return loaded;
    const member = loaded.member;
    const role = input.role ?? Role.MEMBER;
    const access = member.products.find((entry) => entry.product === input.product);
    const welcomeEmails: WelcomeEmail[] = [];
    if (access === undefined) {
      member.products = [...member.products, { product: input.product, role }];
      welcomeEmails.push({
        id: newId(),
        memberId: member.id,
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
        product: input.product,
        reason: "PRODUCT_GRANTED",
        createdAt: input.now.toISOString(),
        token: null,
        tokenExpiresAt: null,
      });
    } else member.products = withRole(member.products, input.product, role);
    await save(tx, member, welcomeEmails);
    return { ok: true, member: publicMember(member), welcomeEmails };
  });
}

/** revokeProductUserAccess: removes one product; the others and the member's data stay. */
export async function revokeMemberProductAccess(
  store: Store,
  input: GuardedMemberTarget & { product: Product },
): Promise<MemberOperationOutcome> {
  return runTransaction(store, input.orgId, async (tx) => {
    const loaded = await loadTarget(tx, input);
    if (!loaded.ok) return loaded;
    const member = loaded.member;
    await tx.revokeProductAccess(input.product, [member.id]);
    const after = {
      ...member,
      products: member.products.filter((entry) => entry.product !== input.product),
    };
    return { ok: true, member: publicMember(after), welcomeEmails: [] };
  });
}

/** deleteMember: removes the member entirely, and the manager and mentor links pointing at them. */
export async function deleteMember(
  store: Store,
  input: GuardedMemberTarget,
): Promise<{ ok: true; memberId: string } | MemberTargetRefusal> {
  return runTransaction(store, input.orgId, async (tx) => {
    const loaded = await loadTarget(tx, input);
    if (!loaded.ok) return loaded;
    const member = loaded.member;
    const linked = (await tx.loadMembersLinkedTo([member.id])).filter(
      (other) => other.id !== member.id,
    );
    if (linked.length > 0) {
      const unlinked = linked.map((other) => ({
        ...other,
        managerId: other.managerId === member.id ? null : other.managerId,
        mentorIds: other.mentorIds.filter((id) => id !== member.id),
      }));
      await tx.applyMemberPlan({
        creates: [],
        updates: unlinked,
        welcomeEmails: [],
      });
    }
    await tx.deleteMembers([member.id]);
    return { ok: true, memberId: member.id };
  });
}

/** memberById. */
export async function findMember(store: Store, input: MemberTarget): Promise<PublicMember | null> {
  return runReadOnly(store, input.orgId, async (tx) => {
    const member = await loadOne(tx, input.memberId);
    return member === undefined ? null : publicMember(member);
  });
}

/** A page of membersByProduct, ordered by id; `after` is the previous page's `endCursor`. */
export interface MemberPage {
  nodes: PublicMember[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Members with access to a product, a page at a time by opaque cursor. */
export async function listMembersByProduct(
  store: Store,
  input: { orgId: string; product: Product; first?: number; after?: string | null },
): Promise<MemberPage> {
  const first = Math.min(Math.max(input.first ?? 50, 1), 500);
  return runReadOnly(store, input.orgId, async (tx) => {
    const members = (await tx.listProductMembers(input.product)).sort((a, b) =>
      a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
    const after = input.after ?? null;
    const rest = after === null ? members : members.filter((member) => member.id > after);
    const nodes = rest.slice(0, first).map(publicMember);
    return { nodes, endCursor: nodes.at(-1)?.id ?? null, hasNextPage: rest.length > first };
  });
}
