import type { Member } from "../domain/member";

/** A page of members by id (GraphQL `membersByProduct`'s order and cursor). */
export interface MemberIdPage {
  /** At most `first` members, by id ascending, every id greater than the cursor. */
  members: Member[];
  /** Whether more members follow the last one. */
  hasNextPage: boolean;
}

/**
 * Collects the `first` members with the smallest ids greater than `after` from members offered in
 * any order, in one pass: the page is a sorted buffer of at most `first`, and anything not below
 * its largest id once full stays out, so a page costs a pass over the candidates, not a sort.
 */
export class MemberPageCollector {
  private readonly page: Member[] = [];
  private bound: string | null = null;
  private following = 0;

  constructor(
    private readonly first: number,
    private readonly after: string | null,
  ) {}

  offer(member: Member): void {
    const id = member.id;
    if (this.after !== null && id <= this.after) return;
    this.following++;
    if (this.bound !== null && id >= this.bound) return;
    this.page.splice(insertionPoint(this.page, id), 0, member);
    if (this.page.length > this.first) this.page.pop();
    if (this.page.length === this.first) this.bound = (this.page[this.first - 1] as Member).id;
  }

  result(): MemberIdPage {
    return { members: [...this.page], hasNextPage: this.following > this.first };
  }
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
