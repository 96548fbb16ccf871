import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsvRecordSteps, parseCsvRecords } from "../../src/csv/parse";
import { drainSteps } from "../../src/runtime/steps";

/** Records and error of one parse, the error reduced to what the wire and messages read. */
function parseWith(bytes: Uint8Array, sliceBytes?: number) {
  const records: string[][] = [];
  let steps = 0;
  const run = parseCsvRecordSteps(bytes, (record) => records.push(record), sliceBytes);
  let error: unknown;
  for (;;) {
    const step = run.next();
    if (step.done === true) {
      error = step.value;
      break;
    }
    steps++;
  }
  return { records, error: describe_(error), steps };
}

function describe_(error: unknown) {
  if (error === null) return null;
  const { code, message, lines } = error as { code?: unknown; message?: unknown; lines?: unknown };
  return { code, message, lines };
}

/** CSV-ish text: the characters that move csv-parse between its states, and multi-byte ones. */
const csvText = fc
  .array(fc.constantFrom("a", "b", ",", '"', "\n", "\r", "\r\n", " ", "é", "€", "😀", '""'), {
    maxLength: 200,
  })
  .map((pieces) => pieces.join(""));

describe("parseCsvRecordSteps", () => {
  it("parsing in slices of any size gives the same records and error as parsing whole", () => {
    fc.assert(
      fc.property(csvText, fc.integer({ min: 1, max: 64 }), (text, sliceBytes) => {
        const bytes = new TextEncoder().encode(text);
        const whole = parseWith(bytes);
        const sliced = parseWith(bytes, sliceBytes);
        expect(sliced.records).toEqual(whole.records);
        expect(sliced.error).toEqual(whole.error);
      }),
      { numRuns: 2000 },
    );
  });

  it("yields between slices and not at all unsliced", () => {
    const bytes = new TextEncoder().encode("a,b\n1,2\n3,4\n".repeat(100));
    expect(parseWith(bytes).steps).toBe(0);
    expect(parseWith(bytes, 100).steps).toBe(Math.ceil(bytes.length / 100) - 1);
  });

  it("is what parseCsvRecords answers when drained", () => {
    const bytes = new TextEncoder().encode('a,"b\n1,2');
    const records: string[][] = [];
    const drained = drainSteps(parseCsvRecordSteps(bytes, (record) => records.push(record), 3));
    expect(describe_(drained)).toEqual(describe_(parseCsvRecords(bytes, () => {})));
    expect(describe_(drained)).toMatchObject({ code: "CSV_QUOTE_NOT_CLOSED" });
  });
});
