import { type MemberPage, publicMember } from "../members/operations";
import type { Store } from "../store/port";
import type { Product } from "../store/products";
import { runReadOnly } from "../store/run";
import type { Member } from "../store/snapshot";
import { stopIfAborted } from "./abort";

/** Members looked at between two turns of the event loop while a page is cut. */
const CHUNK = 4096;

/** Lets every request waiting on the event loop run before the work goes on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === "function") setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}

/**
 * Pages of `membersByProduct` for one GraphQL request: each product's member list is read once
 * per request (aliases of one product share it, from one consistent read), and each page is cut
 * from it in chunks with turns of the event loop between them, without sorting the whole list:
 * the same page as `listMembersByProduct`, at a fraction of a 60,000-member organization's sort.
 */
export function memberPageReader(
  store: Store,
  orgId: string,
  signal: AbortSignal | undefined,
): (input: {
  product: Product;
  first?: number | undefined;
  after?: string | null;
}) => Promise<MemberPage> {
  const lists = new Map<Product, Promise<Member[]>>();
  return async ({ product, first, after }) => {
    let list = lists.get(product);
    if (list === undefined) {
      list = runReadOnly(store, orgId, (tx) => tx.listProductMembers(product));
      lists.set(product, list);
    }
    const members = await list;
    await yieldToEventLoop();
    return cutPage(members, Math.min(Math.max(first ?? 50, 1), 500), after ?? null, signal);
  };
}

/**
 * The `first` members of `members` by id after `after`, and whether more follow: the smallest
 * ids kept in a sorted buffer of at most `first`, so a page costs one pass, not a sort.
 */
export async function cutPage(
  members: readonly Member[],
  first: number,
  after: string | null,
  signal?: AbortSignal,
): Promise<MemberPage> {
  const page: Member[] = [];
  // The largest id kept once the page is full: anything not below it stays out.
  let bound: string | null = null;
  let following = 0;
  for (let start = 0; start < members.length; start += CHUNK) {
    if (start > 0) {
      await yieldToEventLoop();
      stopIfAborted(signal);
    }
    const end = Math.min(start + CHUNK, members.length);
    for (let index = start; index < end; index++) {
      const member = members[index] as Member;
      const id = member.id;
      if (after !== null && id <= after) continue;
      following++;
      if (bound !== null && id >= bound) continue;
      page.splice(insertionPoint(page, id), 0, member);
      if (page.length > first) page.pop();
      if (page.length === first) bound = (page[first - 1] as Member).id;
    }
  }
  const nodes = page.map(publicMember);
  return { nodes, endCursor: nodes.at(-1)?.id ?? null, hasNextPage: following > first };
}

function insertionPoint(page: readonly Member[], id: string): number {
  let low = 0;
  let high = page.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((page[middle] as Member).id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}
