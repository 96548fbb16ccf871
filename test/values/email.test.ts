import fc from "fast-check";
import isEmail from "validator/lib/isEmail.js";
import { describe, expect, it } from "vitest";
import { emailChecker, isWellFormedEmail } from "../../src/values/email";
import { joinedPieces, withInsertions } from "../support/mutations";

const special = fc.constantFrom(
  "@",
  ".",
  "..",
  "-",
  "_",
  "+",
  '"',
  " ",
  "é",
  "日",
  "\u0000",
  "xn--",
  "1",
  "a".repeat(64),
  ".com",
  "@@",
  "[",
  "]",
);
const mutated = withInsertions(fc.emailAddress(), special);
const pieces = joinedPieces(special, ["ann", "firm", "example", "co", "A1", "x-y"]);
const addresses = fc.oneof(
  fc.emailAddress(),
  mutated,
  pieces,
  fc.string({ unit: "binary", maxLength: 30 }),
);

describe("isWellFormedEmail", () => {
  it("gives exactly validator's isEmail verdict on generated addresses, valid and not", () => {
    fc.assert(
      fc.property(addresses, (address) => {
        expect(isWellFormedEmail(address)).toBe(isEmail(address));
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps validator's limits on the fast path: 64-byte local parts, 63-character labels, 254 in all", () => {
    for (const address of [
      `${"a".repeat(64)}@x.co`,
      `${"a".repeat(65)}@x.co`,
      `a@${"b".repeat(63)}.co`,
      `a@${"b".repeat(64)}.co`,
      `a@${`${"b".repeat(60)}.`.repeat(4)}co`,
      "a@b.c",
      "a@b.123",
      "a..b@c.co",
      ".a@c.co",
      "a@-b.co",
    ]) {
      expect([address, isWellFormedEmail(address)]).toEqual([address, isEmail(address)]);
    }
  });

  it("remembers verdicts per checker without changing them", () => {
    const check = emailChecker();
    for (const address of ["a@b.co", "nope", "a@b.co", "nope"])
      expect(check(address)).toBe(isEmail(address));
  });
});
