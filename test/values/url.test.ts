import fc from "fast-check";
import isURL from "validator/lib/isURL.js";
import { describe, expect, it } from "vitest";
import { isWebUrl } from "../../src/values/url";
import { joinedPieces, withInsertions } from "../support/mutations";

const verdict = (text: string) => isURL(text, { protocols: ["http", "https"] });

const special = fc.constantFrom(
  " ",
  "\u3000",
  "<",
  ">",
  "#",
  "?",
  ":",
  ":8080",
  ":0",
  "@",
  "user:pw@",
  "-",
  ".",
  "..",
  "_",
  "/",
  "//",
  "xn--",
  "1",
  ".123",
  "a".repeat(63),
  "a".repeat(64),
  "é",
  "ｆ",
  "HTTP://",
  "javascript:",
  "mailto:",
  "[::1]",
);
const mutated = withInsertions(
  fc.webUrl({ validSchemes: ["http", "https"], withQueryParameters: true, withFragments: true }),
  special,
);
const pieces = joinedPieces(special, [
  "http://",
  "https://",
  "firm",
  "example",
  ".com",
  "/p/1",
  "a-b",
  "co",
]);
const links = fc.oneof(
  fc.webUrl({ validSchemes: ["http", "https"] }),
  fc.webUrl({ validSchemes: ["http", "https", "ftp"], withQueryParameters: true }),
  mutated,
  pieces,
);

describe("isWebUrl", () => {
  it("gives exactly validator's isURL verdict on generated links, valid and not", () => {
    fc.assert(
      fc.property(links, (link) => {
        expect(isWebUrl(link)).toBe(verdict(link));
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps validator's limits on the fast path: 63-character labels, alphabetic TLDs, 2,084 in all", () => {
    for (const link of [
      `https://${"a".repeat(63)}.example`,
      `https://${"a".repeat(64)}.example`,
      "https://firm.example/a b",
      "https://firm.example/<script>",
      "https://firm.123",
      "https://-firm.example",
      "https://firm-.example",
      "https://firm.example.",
      "https://fi_rm.example",
      "https://firm.e",
      `https://firm.example/${"p".repeat(2060)}`,
      `https://firm.example/${"p".repeat(2070)}`,
      "HTTPS://firm.example",
      "https://firm.example:443/p",
    ]) {
      expect([link, isWebUrl(link)]).toEqual([link, verdict(link)]);
    }
  });
});
