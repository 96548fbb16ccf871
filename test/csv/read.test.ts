import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchHeaders } from "../../src/csv/headers";
import { parseCsvRecords, parseThroughStream } from "../../src/csv/parse";
import {
  bodyProblem,
  checkCsv,
  MAX_CSV_BYTES,
  nodeByteChecks,
  readCsv,
  readCsvRecords,
} from "../../src/csv/read";
import { writeCsv } from "../../src/csv/write";

describe("readCsv", () => {
  it("accepts a file of exactly 10 MiB and rejects one byte more, before parsing", () => {
    const header = "First Name\r\n";
    const exact = header + "x".repeat(MAX_CSV_BYTES - header.length);
    expect(readCsv(new TextEncoder().encode(exact)).ok).toBe(true);
    const over = new Uint8Array(MAX_CSV_BYTES + 1).fill(0x22); // one open quote: unparseable if parsed
    const result = readCsv(over);
    expect(result).toMatchObject({
      ok: false,
      error: { code: "TOO_LARGE", bytes: MAX_CSV_BYTES + 1 },
    });
  });

  it("measures a string's size in UTF-8 bytes, not UTF-16 units", () => {
    const euro = "€"; // three bytes in UTF-8
    const text = euro.repeat(Math.floor(MAX_CSV_BYTES / 3) + 1);
    expect(text.length).toBeLessThan(MAX_CSV_BYTES);
    expect(readCsv(text)).toMatchObject({ ok: false, error: { code: "TOO_LARGE" } });
  });

  it("drops a UTF-8 BOM from bytes and from strings", () => {
    for (const input of [new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x0a, 0x62]), "\ufeffa\nb"]) {
      expect(readCsv(input)).toEqual({ ok: true, table: { header: ["a"], records: [["b"]] } });
    }
  });

  it("rejects UTF-16 in either byte order and NUL characters, telling the user to save as CSV UTF-8", () => {
    for (const bom of [
      [0xff, 0xfe],
      [0xfe, 0xff],
    ]) {
      const result = readCsv(new Uint8Array([...bom, 0x61, 0x00]));
      expect(result).toMatchObject({ ok: false, error: { code: "NOT_UTF8" } });
      if (!result.ok) expect(result.error.message).toContain("CSV UTF-8");
    }
    expect(readCsv("a\u0000,b\nc,d")).toMatchObject({ ok: false, error: { code: "NOT_UTF8" } });
  });

  it("answers each pre-parse check the same for ASCII bytes, other UTF-8 bytes and strings", () => {
    const bytes = (...values: number[]) => new Uint8Array(values);
    const cases: [Uint8Array | string, string | null][] = [
      [bytes(0x20, 0x0a, 0x09, 0x0d), "EMPTY"],
      [bytes(0xef, 0xbb, 0xbf, 0x0a), "EMPTY"],
      [bytes(0xc2, 0xa0, 0x0a), "EMPTY"], // a no-break space is whitespace too
      ["\u00a0\n", "EMPTY"],
      [bytes(0x61, 0x00, 0x0a), "NOT_UTF8"],
      [bytes(0xc3, 0xa9, 0x00), "NOT_UTF8"],
      [bytes(0x61, 0xc3, 0x28), "NOT_UTF8"], // a lead byte without its continuation
      [bytes(0x61, 0x2c, 0xc3, 0xa9), null],
      [bytes(0xef, 0xbb, 0xbf, 0x61), null],
    ];
    for (const [input, code] of cases) {
      const checked = checkCsv(input);
      expect(checked.ok ? null : checked.error.code, String(input)).toBe(code);
    }
    expect(checkCsv(bytes(0x00))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("NUL") },
    });
  });

  it("Node's native byte checks judge any bytes exactly as the fatal decoder and a scan of the text do", () => {
    const native = nodeByteChecks();
    // Node 20.16 and later: the path every file on this runtime takes.
    expect(native).not.toBeNull();
    if (native === null) return;
    // Bytes of every kind: arbitrary, valid UTF-8 of any text (lone surrogates become U+FFFD),
    // and valid UTF-8 with a byte changed, cut or inserted (overlongs, surrogates, truncations).
    const utf8 = fc
      .string({
        unit: fc.constantFrom(
          "a",
          " ",
          "\n",
          "\t",
          "\u0000",
          "\u00a0",
          "\u3000",
          "\ufeff",
          "é",
          "😀",
          "\ud800",
        ),
        maxLength: 12,
      })
      .map((text) => new TextEncoder().encode(text));
    const broken = fc
      .tuple(
        utf8,
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom("set", "cut", "insert"),
      )
      .map(([bytes, at, byte, how]) => {
        const list = [...bytes];
        const index = list.length === 0 ? 0 : at % list.length;
        if (how === "set" && list.length > 0) list[index] = byte;
        else if (how === "cut") list.splice(index, 1);
        else list.splice(index, 0, byte);
        return new Uint8Array(list);
      });
    const body = fc.oneof(fc.uint8Array({ maxLength: 40 }), utf8, broken);
    fc.assert(
      fc.property(body, (bytes) => {
        expect(bodyProblem(bytes, native)).toEqual(bodyProblem(bytes, null));
      }),
      { numRuns: 5000 },
    );
  });

  it("hands over csv-parse's records one by one, then csv-parse's error, whichever path parses", () => {
    const cell = fc.constantFrom("a", "", " b ", '"', '""', ",", "\n", "\r\n", "é", 'x"y');
    const text = fc
      .array(fc.array(cell, { maxLength: 5 }), { maxLength: 6 })
      .map((rows) => rows.map((row) => row.join(",")).join("\n"));
    fc.assert(
      fc.property(text, (csv) => {
        const bytes = new TextEncoder().encode(csv);
        let expected: { records: string[][]; error: string | null };
        try {
          expected = { records: parse(bytes, { relax_column_count: true }), error: null };
        } catch (error) {
          expected = { records: [], error: (error as Error).message };
        }
        for (const run of [
          (push: (record: string[]) => void) => parseCsvRecords(bytes, push),
          (push: (record: string[]) => void) => parseThroughStream(bytes, push),
        ]) {
          const records: string[][] = [];
          const error = run((record) => records.push(record));
          expect(error === null ? null : (error as Error).message).toBe(expected.error);
          if (expected.error === null) expect(records).toEqual(expected.records);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("numbers records from the header (0) and reports a syntax error after the records before it", () => {
    const seen: [string[], number][] = [];
    const result = readCsvRecords('h\n1\n"2\n', (record, index) => seen.push([record, index]));
    expect(seen).toEqual([
      [["h"], 0],
      [["1"], 1],
    ]);
    expect(result).toMatchObject({ ok: false, error: { code: "MALFORMED" } });
  });

  it("names the line of malformed quoting", () => {
    const result = readCsv('a,b\n1,2\n3,"4"x\n');
    expect(result).toMatchObject({ ok: false, error: { code: "MALFORMED", line: 3 } });
    if (!result.ok) expect(result.error.message).toContain("line 3");
  });

  it("keeps fully blank records so row numbers keep their slots", () => {
    expect(readCsv("a,b\n1,2\n\n,\n3,4\n")).toEqual({
      ok: true,
      table: { header: ["a", "b"], records: [["1", "2"], [""], ["", ""], ["3", "4"]] },
    });
  });
});

describe("matchHeaders", () => {
  it("matches case-insensitively after trimming, in any order, and reports unknown and repeated names", () => {
    const match = matchHeaders([" email", "FIRST NAME ", "Nick", "Email"], ["First Name", "Email"]);
    expect([...match.positions]).toEqual([
      ["Email", 0],
      ["First Name", 1],
    ]);
    expect(match.unexpected).toEqual(["Nick"]);
    expect(match.repeated).toEqual(["Email"]);
  });

  it("treats __proto__ and constructor as unknown names without touching any prototype", () => {
    const match = matchHeaders(["__proto__", "constructor", "toString", "Email"], ["Email"]);
    expect(match.unexpected).toEqual(["__proto__", "constructor", "toString"]);
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("Email");
    // A plain-object index would lose a column literally named __proto__; a Map keeps it.
    const literal = matchHeaders(["__proto__", "constructor"], ["__proto__", "constructor"]);
    expect([...literal.positions]).toEqual([
      ["__proto__", 0],
      ["constructor", 1],
    ]);
    expect(literal.unexpected).toEqual([]);
  });
});

const cell = fc.oneof(
  fc.string({ unit: "binary", maxLength: 10 }),
  fc.constantFrom(
    '"',
    ",",
    "\r",
    "\n",
    "\r\n",
    " x ",
    '""',
    "=1+1",
    "-2",
    "-12.5",
    "+44 20 7946 0958",
    "-1+1",
    "'=1",
    "''-2",
    "\n=1",
    "@SUM(A1)",
    "\tx",
    "＝1",
    "",
  ),
);
const table = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc.array(fc.array(cell, { minLength: width, maxLength: width }), {
    minLength: 1,
    maxLength: 6,
  }),
);

describe("writeCsv", () => {
  it("round-trips every value through an RFC 4180 reader when formulas are not escaped", () => {
    fc.assert(
      fc.property(table, (rows) => {
        expect(
          parse(writeCsv(rows, { escapeFormulas: false }), { relax_column_count: true }),
        ).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips every value with a leading apostrophe added exactly to cells a spreadsheet would evaluate", () => {
    // Formula-leading (behind any apostrophes), and not a plain signed number such as -5.
    const formula = /^'*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
    const number = /^[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)$/;
    fc.assert(
      fc.property(table, (rows) => {
        const expected = rows.map((row) =>
          row.map((value) => (formula.test(value) && !number.test(value) ? `'${value}` : value)),
        );
        expect(parse(writeCsv(rows), { relax_column_count: true })).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("writes CRLF line ends, and a BOM only when asked", () => {
    expect(
      writeCsv([
        ["a", "b"],
        ["1", "2"],
      ]),
    ).toBe("a,b\r\n1,2\r\n");
    expect(writeCsv([["a"]], { bom: true })).toBe("\ufeffa\r\n");
  });
});
