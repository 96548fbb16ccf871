import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex } from "@noble/hashes/utils";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hashAccountToken,
  looksLikeAccountToken,
  newAccountToken,
  newAccountTokens,
} from "../../src/accounts/tokens";

describe("account tokens", () => {
  it("property: the stored hash is SHA-256 of the token's UTF-8, in lower-case hex, for any text", async () => {
    // Node's hash loads lazily; give it a turn so both paths are the one checked below.
    await new Promise((resolve) => setTimeout(resolve, 10));
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(hashAccountToken(text)).toBe(bytesToHex(sha256(new TextEncoder().encode(text))));
      }),
    );
  });

  it("property: a token is its 32 bytes in base64url without padding, as Node encodes them", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(newAccountToken(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
      }),
    );
  });

  it("draws any number of 43-character base64url tokens, past one draw of the random source, all distinct", () => {
    const tokens = newAccountTokens(5000);
    expect(tokens).toHaveLength(5000);
    expect(new Set(tokens).size).toBe(5000);
    expect(tokens.every(looksLikeAccountToken)).toBe(true);
    expect(looksLikeAccountToken(newAccountToken())).toBe(true);
    expect(newAccountTokens(0)).toEqual([]);
  });
});
