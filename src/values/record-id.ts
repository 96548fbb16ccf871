/** Ids made from one draw of random bytes: a draw per id cost more than the id itself. */
const IDS_PER_DRAW = 256;
const HEX = Array.from("0123456789abcdef", (digit) => digit.charCodeAt(0));
const DASH = "-".charCodeAt(0);
/** Where each of the 16 bytes' two digits go in the 36 characters; dashes at 8, 13, 18, 23. */
const BYTE_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

let random = new Uint8Array(0);
let used = 0;
const codes: number[] = new Array(36).fill(DASH);

/**
 * A new record id: a random (version 4) UUID in lower case, as one flat string. Node builds
 * `randomUUID()` by concatenation, and V8 keeps such a string as a tree of about ten pieces (near
 * 500 bytes) until something flattens it; a 50,000-row import keeps 100,000 ids. Written from
 * character codes instead, an id is one allocation of 36 characters.
 */
export function newRecordId(): string {
  if (used === random.length) {
    random = globalThis.crypto.getRandomValues(new Uint8Array(16 * IDS_PER_DRAW));
    used = 0;
  }
  for (let index = 0; index < 16; index++) {
    let byte = random[used + index] as number;
    if (index === 6) byte = (byte & 0x0f) | 0x40;
    else if (index === 8) byte = (byte & 0x3f) | 0x80;
    const at = BYTE_AT[index] as number;
    codes[at] = HEX[byte >> 4] as number;
    codes[at + 1] = HEX[byte & 0x0f] as number;
  }
  used += 16;
  return String.fromCharCode.apply(null, codes);
}
