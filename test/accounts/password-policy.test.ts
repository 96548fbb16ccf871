import { execFileSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "../../src/accounts/common-passwords.generated";
import {
  checkPassword,
  normalizePassword,
  PASSWORD_POLICY_DEFAULTS,
  type PasswordContext,
} from "../../src/accounts/password-policy";
import { renderMessage } from "../../src/messages/catalog";
import { ROOT } from "../support/serve";

const FIRM: PasswordContext = {
  organizationWords: ["Smith & Jones LLP", "smithjones"],
  email: "alice.walker@smithjones.example",
};
const NOBODY: PasswordContext = { organizationWords: [], email: "" };
const COMMON = COMMON_PASSWORDS.split("\n");

/** `length` code points none of which is a letter of FIRM's words, and not a common password. */
const passwordOf = (length: number) => "7ç9-Ωq!z".repeat(Math.ceil(length / 8)).slice(0, length);

/** Strings of any UTF-16 code units, lone surrogates included. */
const codeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
});
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "grapheme-composite" }),
  codeUnits,
  fc.string({ unit: "binary", minLength: 100, maxLength: 300 }),
);

describe("normalizePassword", () => {
  it("is Unicode NFC, neither trimmed nor truncated", () => {
    expect(normalizePassword("e\u0301")).toBe("\u00e9");
    expect(normalizePassword("  pass word  ")).toBe("  pass word  ");
    const long = "x".repeat(10_000);
    expect(normalizePassword(long)).toBe(long);
  });

  it("property: normalizePassword is idempotent, for any string", () => {
    fc.assert(
      fc.property(anyString, (password) => {
        const once = normalizePassword(password);
        expect(normalizePassword(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("checkPassword's rules", () => {
  it("tooShort: refuses 7 code points, naming the minimum and the length", () => {
    expect(checkPassword(passwordOf(7), FIRM)).toEqual({
      rule: "account.WEAK_PASSWORD.tooShort",
      params: { minimum: 8, length: 7 },
    });
    expect(checkPassword("", FIRM)).toEqual({
      rule: "account.WEAK_PASSWORD.tooShort",
      params: { minimum: 8, length: 0 },
    });
  });

  it("accepts 8 code points, refuses 129 as tooLong naming the maximum and the length", () => {
    expect(PASSWORD_POLICY_DEFAULTS).toEqual({ minLength: 8, maxLength: 128 });
    expect(checkPassword(passwordOf(8), FIRM)).toBeNull();
    expect(checkPassword(passwordOf(128), FIRM)).toBeNull();
    expect(checkPassword(passwordOf(129), FIRM)).toEqual({
      rule: "account.WEAK_PASSWORD.tooLong",
      params: { maximum: 128, length: 129 },
    });
  });

  it("property: random passwords of 64 and of 128 ASCII characters are accepted, of 129 refused", () => {
    // ASCII, control characters included, is its own NFC: its length stays what was generated.
    const ascii = (length: number) =>
      fc.string({ unit: "binary-ascii", minLength: length, maxLength: length });
    fc.assert(
      fc.property(ascii(64), ascii(128), ascii(129), (p64, p128, p129) => {
        expect(checkPassword(p64, NOBODY)).toBeNull();
        expect(checkPassword(p128, NOBODY)).toBeNull();
        expect(checkPassword(p129, NOBODY)).toEqual({
          rule: "account.WEAK_PASSWORD.tooLong",
          params: { maximum: 128, length: 129 },
        });
      }),
      { numRuns: 500 },
    );
  });

  it("counts code points after NFC: a combining accent composes, an emoji is one", () => {
    // 7 × "é" written as e + U+0301: 14 code units, 7 code points once composed.
    expect(checkPassword("e\u0301".repeat(7), NOBODY)).toEqual({
      rule: "account.WEAK_PASSWORD.tooShort",
      params: { minimum: 8, length: 7 },
    });
    expect(checkPassword("e\u0301".repeat(8), NOBODY)).toBeNull();
    // 7 emoji outside the BMP: 14 code units, 7 code points.
    expect(checkPassword("😀🔑🦄🌍🎉🐙🍕", NOBODY)).toMatchObject({ params: { length: 7 } });
    expect(checkPassword("😀🔑🦄🌍🎉🐙🍕🚀", NOBODY)).toBeNull();
    // 128 emoji (256 code units) pass; 129 are too long.
    expect(checkPassword("🔑".repeat(128), NOBODY)).toBeNull();
    expect(checkPassword("🔑".repeat(129), NOBODY)).toEqual({
      rule: "account.WEAK_PASSWORD.tooLong",
      params: { maximum: 128, length: 129 },
    });
  });

  it("takes other limits from the context", () => {
    const strict = { ...NOBODY, minLength: 12, maxLength: 64 };
    expect(checkPassword(passwordOf(11), strict)).toEqual({
      rule: "account.WEAK_PASSWORD.tooShort",
      params: { minimum: 12, length: 11 },
    });
    expect(checkPassword(passwordOf(65), strict)).toEqual({
      rule: "account.WEAK_PASSWORD.tooLong",
      params: { maximum: 64, length: 65 },
    });
    expect(checkPassword(passwordOf(12), strict)).toBeNull();
  });

  it("has no composition rule: a long lower-case passphrase passes", () => {
    expect(checkPassword("correct horse battery staple", FIRM)).toBeNull();
    expect(checkPassword("lantern orchard velvet", FIRM)).toBeNull();
    expect(checkPassword("aaaaaaaaaaaaaaaaaaaaaaaa", FIRM)).toBeNull();
    expect(checkPassword("1836492075", FIRM)).toBeNull();
  });

  it("common: refuses the list's passwords, in any case", () => {
    for (const password of ["password1", "qwertyuiop", "password", "12345678", "iloveyou"]) {
      expect(COMMON).toContain(password);
      expect(checkPassword(password, NOBODY)).toEqual({
        rule: "account.WEAK_PASSWORD.common",
        params: {},
      });
    }
    expect(checkPassword("PassWord1", FIRM)).toEqual({
      rule: "account.WEAK_PASSWORD.common",
      params: {},
    });
    expect(checkPassword("QWERTYUIOP", FIRM)?.rule).toBe("account.WEAK_PASSWORD.common");
    // Shorter common passwords are too short first.
    expect(checkPassword("123456", NOBODY)?.rule).toBe("account.WEAK_PASSWORD.tooShort");
  });

  it("ownWords: refuses a word of the organization's names or of the address, as written", () => {
    const refusal = (password: string) => checkPassword(password, FIRM);
    expect(refusal("I work at SMITH now")).toEqual({
      rule: "account.WEAK_PASSWORD.ownWords",
      params: { word: "smith" },
    });
    expect(refusal("jones-is-where-i-work")).toMatchObject({ params: { word: "jones" } });
    expect(refusal("xxalicexx99")).toMatchObject({ params: { word: "alice" } });
    expect(refusal("Walker2024!!")).toMatchObject({ params: { word: "walker" } });
    // Both smith and smithjones are in it: the longer is named.
    expect(refusal("SmithJones2024")).toMatchObject({ params: { word: "smithjones" } });
    // llp (3 letters) and the top-level domain are not words of the rule.
    expect(refusal("llp-river-lantern")).toBeNull();
    expect(refusal("example-river-lantern")).toBeNull();
  });

  it("ownWords: splits on any character but letters, marks and digits, in any script", () => {
    const context: PasswordContext = {
      organizationWords: ["Müller_Straße GmbH", "日本橋法律事務所"],
      email: "Zoë+jobs@mail.kanzlei-berlin.co.uk",
    };
    const word = (password: string) => {
      const refusal = checkPassword(password, context);
      return refusal?.rule === "account.WEAK_PASSWORD.ownWords" ? refusal.params.word : null;
    };
    expect(word("MÜLLER-rocks-99")).toBe("müller");
    expect(word("strasse-no-straße1")).toBe("straße");
    expect(word("gmbh-tree-river")).toBe("gmbh");
    expect(word("xx日本橋法律事務所xx")).toBe("日本橋法律事務所");
    expect(word("zoe\u0308-loves-tea")).toBe(null); // "zoë" has 3 code points: too short
    expect(word("jobs-and-more")).toBe("jobs");
    expect(word("mail-and-more")).toBe("mail");
    expect(word("kanzlei-tree-9")).toBe("kanzlei");
    expect(word("berlin-tree-9")).toBe("berlin");
    expect(word("tree-uk-co-99")).toBe(null);
  });

  it("checks the rules in order: tooShort, tooLong, common, ownWords", () => {
    // "smithjones" is neither common nor short: ownWords.
    expect(checkPassword("smithjones", FIRM)?.rule).toBe("account.WEAK_PASSWORD.ownWords");
    // A common password that is also an own word is refused as common.
    const context = { organizationWords: ["Baseball Club"], email: "a@b.example" };
    expect(checkPassword("baseball", context)?.rule).toBe("account.WEAK_PASSWORD.common");
    // A short own word is too short; a long one too long.
    expect(checkPassword("smith", FIRM)?.rule).toBe("account.WEAK_PASSWORD.tooShort");
    expect(checkPassword("smith".repeat(30), FIRM)?.rule).toBe("account.WEAK_PASSWORD.tooLong");
  });

  it("every refusal renders with its message in the catalog", () => {
    for (const password of ["short", "x".repeat(200), "password1", "smithjones99"]) {
      const refusal = checkPassword(password, FIRM);
      expect(refusal).not.toBeNull();
      if (refusal === null) continue;
      expect(renderMessage(undefined, refusal.rule, refusal.params)).not.toMatch(/\{|undefined/);
    }
  });
});

describe("checkPassword's properties", () => {
  it("property: checkPassword never throws, for any string and any context", () => {
    const context = fc.record(
      {
        organizationWords: fc.array(anyString, { maxLength: 3 }),
        email: fc.oneof(anyString, fc.emailAddress()),
        minLength: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.double()),
        maxLength: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.double()),
      },
      { requiredKeys: ["organizationWords", "email"] },
    );
    fc.assert(
      fc.property(anyString, context, (password, context) => {
        const refusal = checkPassword(password, context);
        expect(refusal === null || refusal.rule.startsWith("account.WEAK_PASSWORD.")).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("property: checkPassword never throws on what a JavaScript caller could pass instead", () => {
    const junk = [undefined, null, 42, {}, [], Symbol("s"), { email: 1, organizationWords: "x" }];
    for (const password of junk) {
      for (const context of junk) {
        expect(() =>
          checkPassword(password as unknown as string, context as unknown as PasswordContext),
        ).not.toThrow();
      }
    }
    expect(checkPassword(undefined as unknown as string, NOBODY)?.rule).toBe(
      "account.WEAK_PASSWORD.tooShort",
    );
  });

  it("property: a password refused as common stays refused as common in any letter case", () => {
    const recased = fc
      .tuple(fc.constantFrom(...COMMON), fc.infiniteStream(fc.boolean()))
      .map(([password, upper]) =>
        Array.from(password, (char) => (upper.next().value ? char.toUpperCase() : char)).join(""),
      );
    fc.assert(
      fc.property(recased, (password) => {
        expect(checkPassword(password, FIRM)).toEqual({
          rule: "account.WEAK_PASSWORD.common",
          params: {},
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("property: the length refused or accepted is the NFC code point count", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", maxLength: 40 }), (password) => {
        const length = Array.from(password.normalize("NFC")).length;
        const refusal = checkPassword(password, NOBODY);
        if (length < 8) expect(refusal).toMatchObject({ params: { minimum: 8, length } });
        else expect(refusal?.rule).not.toBe("account.WEAK_PASSWORD.tooShort");
      }),
    );
  });
});

describe("the common-password list", () => {
  it("has at least 10,000 distinct entries, in NFC lower case, none shorter than the minimum", () => {
    expect(COMMON.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(COMMON).size).toBe(COMMON.length);
    for (const password of COMMON) {
      expect(password).toBe(password.normalize("NFC").toLowerCase());
      expect(Array.from(password).length).toBeGreaterThanOrEqual(8);
    }
  });

  it("is what scripts/common-passwords.mjs generates (npm run passwords -- --check)", () => {
    const output = execFileSync(
      process.execPath,
      [join(ROOT, "scripts/common-passwords.mjs"), "--check"],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(output).toContain("is up to date");
  });
});
