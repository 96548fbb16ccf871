import { RecentMap } from "../auth/recent-map";
import type { FeedIndex } from "./feed-index";
import type { FeedQuery } from "./params";

/** Answers a {@link FeedJsonMemo} keeps per index by default. */
export const FEED_JSON_MEMO_ANSWERS = 8;

/** The longest answer a {@link FeedJsonMemo} keeps by default, in UTF-16 code units. */
export const FEED_JSON_MEMO_MAX_LENGTH = 1 << 20;

/**
 * The feed's answers as JSON text, `JSON.stringify(index.select(query))`, kept per index and
 * {@link FeedIndex.selectionKey}: an index never changes and new data comes with a new index, so
 * a kept answer is always the one `select` would make now. Selecting and serializing the records
 * was most of a feed request's time. At most `answers` answers per index (the least recently used
 * go first), none longer than `maxLength`; an index's answers go with the index.
 */
export class FeedJsonMemo {
  readonly #byIndex = new WeakMap<FeedIndex, RecentMap<string, string>>();

  constructor(
    readonly answers = FEED_JSON_MEMO_ANSWERS,
    readonly maxLength = FEED_JSON_MEMO_MAX_LENGTH,
  ) {}

  /** `JSON.stringify(index.select(query))`, kept or made. */
  json(index: FeedIndex, query: FeedQuery): string {
    const key = index.selectionKey(query);
    let kept = this.#byIndex.get(index);
    const known = kept?.get(key);
    if (known !== undefined) return known;
    const json = JSON.stringify(index.select(query));
    if (json.length <= this.maxLength) {
      if (kept === undefined) {
        kept = new RecentMap(this.answers);
        this.#byIndex.set(index, kept);
      }
      kept.remember(key, json);
    }
    return json;
  }
}
