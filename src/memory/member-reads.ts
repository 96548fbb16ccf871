import type { Member, ProductMemberName } from "../domain/member";
import { copyMember } from "../domain/member-copy";
import { type Product, Role } from "../domain/products";
import { MemberPageCollector } from "../store/member-page";
import type { StoreTx } from "../store/port";
import { emailKey } from "../values/email";
import { linksTo } from "./links";
import type { OrganizationState } from "./state";
import type { MemoryTxContext } from "./tx-context";

type MemberReads = Pick<
  StoreTx,
  | "loadOrganization"
  | "loadMembersByEmail"
  | "loadMembersById"
  | "loadExternalUserEmails"
  | "listProductMembers"
  | "listProductMemberPage"
  | "listProductMemberNames"
  | "listAbsentProductMembers"
  | "listProductMemberEmails"
  | "loadMembersLinkedTo"
>;

/** The port's reads of the organization and its members, over `context`'s state. */
export function memberReads(context: MemoryTxContext): MemberReads {
  const { read } = context;
  return {
    async loadOrganization() {
      // Frozen when the state was made, never changed after: no copy per request.
      return read().organization;
    },

    async loadMembersByEmail(emails) {
      const state = read();
      const found = new Map<string, Member>();
      for (const email of emails) {
        const id = state.idByEmail.get(emailKey(email));
        const member = id === undefined ? undefined : state.members.get(id);
        if (member !== undefined) found.set(member.id, member);
      }
      return [...found.values()].map(copyMember);
    },

    async loadMembersById(ids) {
      const members = read().members;
      // The session check asks for one member on every request: no de-duplicating map for that.
      if (ids.length === 1) {
        const member = members.get(ids[0] as string);
        return member === undefined ? [] : [copyMember(member)];
      }
      const found = new Map<string, Member>();
      for (const id of ids) {
        const member = members.get(id);
        if (member !== undefined) found.set(id, member);
      }
      return [...found.values()].map(copyMember);
    },

    async loadExternalUserEmails(emails) {
      return context.externalUsers(emails);
    },

    async listProductMembers(product) {
      return [...read().members.values()]
        .filter((member) => holdsProduct(member, product))
        .map(copyMember);
    },

    async listProductMemberPage(product, page) {
      if (context.published !== null) return pageOfPublished(context.published, product, page);
      // Only the page is copied: a scan of ids costs little beside copying every member.
      const collector = new MemberPageCollector(page.first, page.after);
      for (const member of read().members.values())
        if (holdsProduct(member, product)) collector.offer(member);
      const found = collector.result();
      return { ...found, members: found.members.map(copyMember) };
    },

    async listProductMemberNames(product) {
      const names: ProductMemberName[] = [];
      for (const member of read().members.values()) {
        const access = member.products.find((held) => held.product === product);
        if (access !== undefined)
          names.push({
            email: member.email,
            firstName: member.firstName,
            lastName: member.lastName,
            products: [{ product, role: access.role }],
          });
      }
      return names;
    },

    async listAbsentProductMembers(product, emails) {
      const named = new Set(emails.map(emailKey));
      const absent: { email: string; firstName: string; lastName: string }[] = [];
      for (const member of read().members.values())
        if (
          !named.has(emailKey(member.email)) &&
          member.products.some((held) => held.product === product && held.role === Role.MEMBER)
        )
          absent.push({
            email: member.email,
            firstName: member.firstName,
            lastName: member.lastName,
          });
      return absent;
    },

    async listProductMemberEmails(product) {
      const emails: string[] = [];
      for (const member of read().members.values())
        if (holdsProduct(member, product)) emails.push(member.email);
      return emails;
    },

    async loadMembersLinkedTo(memberIds) {
      const targets = new Set(memberIds);
      const changed = onlyChangedCanLink(context, memberIds);
      const members = read().members;
      const found: Member[] = [];
      if (changed === null) {
        // Plain loops, nothing allocated per member.
        for (const member of members.values()) if (linksTo(member, targets)) found.push(member);
      } else {
        for (const id of changed) {
          const member = members.get(id);
          if (member !== undefined && linksTo(member, targets)) found.push(member);
        }
      }
      return found.map(copyMember);
    },
  };
}

/**
 * When no member linked to a target before this transaction, only the members it changed can
 * link to one now: their ids. `null` when every member must be looked at.
 */
function onlyChangedCanLink(
  context: MemoryTxContext,
  memberIds: readonly string[],
): Iterable<string> | null {
  const known = context.linked();
  if (known === null || !memberIds.every((id) => (known.counts.get(id) ?? 0) === 0)) return null;
  return known.working === null ? [] : known.working.members.changedKeys();
}

/**
 * A page of a state published and pinned, which does not change: its members by id are sorted
 * once, then each page is a binary search and a slice.
 */
function pageOfPublished(
  published: OrganizationState,
  product: Product,
  page: { after: string | null; first: number },
) {
  const sorted = productMembersById(published, product);
  const start = firstAfter(sorted, page.after);
  const members = sorted.slice(start, start + page.first).map(copyMember);
  return { members, hasNextPage: start + page.first < sorted.length };
}

const membersByIdCache = new WeakMap<OrganizationState, Map<Product, Member[]>>();

/** The members of a published state holding `product`, by id (code-unit order), cached with it. */
function productMembersById(state: OrganizationState, product: Product): Member[] {
  let byProduct = membersByIdCache.get(state);
  if (byProduct === undefined) {
    byProduct = new Map();
    membersByIdCache.set(state, byProduct);
  }
  let sorted = byProduct.get(product);
  if (sorted === undefined) {
    sorted = [...state.members.values()].filter((member) => holdsProduct(member, product));
    sorted.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    byProduct.set(product, sorted);
  }
  return sorted;
}

/** The index of the first member whose id is greater than `after` (0 for `null`). */
function firstAfter(sorted: readonly Member[], after: string | null): number {
  if (after === null) return 0;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as Member).id <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}

function holdsProduct(member: Member, product: Product): boolean {
  return member.products.some((access) => access.product === product);
}
