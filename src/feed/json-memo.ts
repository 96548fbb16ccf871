import type { FeedIndex } from "../domain/feed-index";
import type { FeedQuery } from "../domain/feed-query";
import { RecentMap } from "../runtime/recent-map";

/** Answers a {@link FeedJsonMemo} keeps per index by default. */
export const FEED_JSON_MEMO_ANSWERS = 8;

/** The largest answer a {@link FeedJsonMemo} keeps by default, in bytes. */
export const FEED_JSON_MEMO_MAX_BYTES = 1 << 20;

const encoder = new TextEncoder();

/**
 * The feed's answers as UTF-8 JSON, the bytes of `JSON.stringify(index.select(query))`, kept per
 * index and {@link FeedIndex.selectionKey}: an index never changes and new data comes with a new
 * index, so a kept answer is always the one `select` would make now. Selecting, serializing and
 * encoding the records was most of a feed request's time. At most `answers` answers per index (the
 * least recently used go first), none larger than `maxBytes`; an index's answers go with it. The
 * bytes are shared: whoever is handed them must not change them (a `Response` built on them
 * copies them or only writes them out).
 */
export class FeedJsonMemo {
  readonly #byIndex = new WeakMap<FeedIndex, RecentMap<string, Uint8Array<ArrayBuffer>>>();

  constructor(
    readonly answers = FEED_JSON_MEMO_ANSWERS,
    readonly maxBytes = FEED_JSON_MEMO_MAX_BYTES,
  ) {}

  /** The UTF-8 bytes of `JSON.stringify(index.select(query))`, kept or made. */
  json(index: FeedIndex, query: FeedQuery): Uint8Array<ArrayBuffer> {
    const key = index.selectionKey(query);
    let kept = this.#byIndex.get(index);
    const known = kept?.get(key);
    if (known !== undefined) return known;
    const json = encoder.encode(JSON.stringify(index.select(query)));
    if (json.byteLength <= this.maxBytes) {
      if (kept === undefined) {
        kept = new RecentMap(this.answers);
        this.#byIndex.set(index, kept);
      }
      kept.remember(key, json);
    }
    return json;
  }
}
