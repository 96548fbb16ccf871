/** A parsed feed query: an inclusive UTC range and optional filters (lower-cased). */
export interface FeedQuery {
  start: Date;
  end: Date;
  status: string | null;
  bucket: string | null;
}
