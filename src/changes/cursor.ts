import { hmac } from "@noble/hashes/hmac";
import { sha256 } from "@noble/hashes/sha2";
import { fromBase64Url, toBase64Url } from "../runtime/base64url";
import { constantTimeEqual } from "../runtime/constant-time";

/** The key cursors are signed with: the host's token secret serves (a key is derived from it). */
export type CursorSecret = string | Uint8Array;

/** Where a reader of the changes stands, as its cursor vouches. */
export interface ChangeCursor {
  orgId: string;
  /** The change log's epoch the position belongs to. */
  epoch: string;
  /** Every change at or before it has been read. */
  position: number;
  /** When the cursor was handed out (epoch milliseconds). */
  issuedAt: number;
  /**
   * The log's `prunedThrough` when the cursor was handed out: tombstones pruned by then were
   * already gone from what its reader read, so only a pruning since can refuse it.
   */
  prunedThrough: number;
}

const VERSION = "c1";
/** Longer text is no cursor of ours: refused before it is decoded. */
export const MAX_CURSOR_LENGTH = 2048;

/**
 * The cursor as opaque text: version, base64url JSON of its fields, and an HMAC-SHA256 over both
 * under a key of its own derived from `secret`, so an altered cursor is refused, not read.
 */
export function encodeChangeCursor(cursor: ChangeCursor, secret: CursorSecret): string {
  const fields = [
    cursor.orgId,
    cursor.epoch,
    cursor.position,
    Math.floor(cursor.issuedAt / 1000),
    cursor.prunedThrough,
  ];
  const body = `${VERSION}.${toBase64Url(new TextEncoder().encode(JSON.stringify(fields)))}`;
  return `${body}.${toBase64Url(hmac(sha256, cursorKey(secret), body))}`;
}

/** The cursor `text` vouches for, or `null` when it is not one signed under `secret`. */
export function decodeChangeCursor(text: string, secret: CursorSecret): ChangeCursor | null {
  if (text.length > MAX_CURSOR_LENGTH) return null;
  const [version, payload, mac, ...rest] = text.split(".");
  if (version !== VERSION || payload === undefined || mac === undefined || rest.length > 0)
    return null;
  const given = fromBase64Url(mac);
  const expected = hmac(sha256, cursorKey(secret), `${version}.${payload}`);
  if (given === null || !constantTimeEqual(given, expected)) return null;
  const bytes = fromBase64Url(payload);
  if (bytes === null) return null;
  return cursorFields(bytes);
}

function cursorFields(bytes: Uint8Array): ChangeCursor | null {
  let fields: unknown;
  try {
    fields = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 5) return null;
  const [orgId, epoch, position, issuedAt, prunedThrough] = fields as unknown[];
  if (typeof orgId !== "string" || typeof epoch !== "string") return null;
  if (!isPosition(position) || !isPosition(prunedThrough)) return null;
  if (!Number.isSafeInteger(issuedAt)) return null;
  return { orgId, epoch, position, issuedAt: (issuedAt as number) * 1000, prunedThrough };
}

function isPosition(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

const keys = new WeakMap<Uint8Array, Uint8Array>();
const textKeys = new Map<string, Uint8Array>();

function cursorKey(secret: CursorSecret): Uint8Array {
  const cached = typeof secret === "string" ? textKeys.get(secret) : keys.get(secret);
  if (cached !== undefined) return cached;
  const key = hmac(sha256, secret, "rpdi changes cursor v1");
  if (typeof secret === "string") {
    if (textKeys.size >= 16) textKeys.clear();
    textKeys.set(secret, key);
  } else keys.set(secret, key);
  return key;
}
