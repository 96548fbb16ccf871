/**
 * A new record id: a random UUID as one flat string. Node builds `randomUUID()` by concatenation,
 * and V8 keeps such a string as a tree of about ten pieces (near 500 bytes) until something
 * flattens it; a 50,000-row import keeps 100,000 ids, so flattening them once here saves tens
 * of megabytes. `toLowerCase` flattens and, the text being lower case already, returns it.
 */
export function newRecordId(): string {
  return globalThis.crypto.randomUUID().toLowerCase();
}
