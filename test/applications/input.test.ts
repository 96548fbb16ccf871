import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applicationFieldsSchema,
  readApplicationFields,
  statusChangeInputSchema,
} from "../../src/applications/input";
import { mergeApplication } from "../../src/applications/merge";
import { ActiveSteps } from "../../src/applications/steps";
import { FEED_PIPELINES } from "../../src/testing/feed-arbitraries";
import { instantTextFormatter } from "../../src/values/instants";

/** Mostly what the schema takes; now and then a text at the edge of its rules, or another type. */
const text = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("a", "Ann", "Lee-Smith", "x".repeat(200), "c-17") },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom("", " a", "a ", "a\u0000", "x".repeat(201), " "),
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined)) },
);
/** Present and well formed, present and not, or absent, as an optional key may be. */
const optional = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: usual },
    { weight: 1, arbitrary: odd },
    { weight: 2, arbitrary: fc.constant(ABSENT) },
  );
const ABSENT = Symbol("absent");
/** An object of the drawn entries, those drawn `ABSENT` left out. */
const objectOf = (entries: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .record(entries)
    .map((drawn) =>
      Object.fromEntries(Object.entries(drawn).filter(([, value]) => value !== ABSENT)),
    );

const candidate = objectOf({
  id: text,
  firstName: text,
  lastName: text,
  email: optional(
    fc.constantFrom(null, "a@example.com", "ann.lee@firm.example"),
    fc.constantFrom("not an address", `${"a".repeat(250)}@x.io`, " a@example.com", 5),
  ),
  phone: optional(
    fc.constantFrom(null, "", "+1 555 0100", "x".repeat(50)),
    fc.constantFrom(" 555", "x".repeat(51), 555),
  ),
  extra: optional(fc.constant(ABSENT), fc.string()),
});

const record = objectOf({
  id: text,
  candidate: fc.oneof({ weight: 8, arbitrary: candidate }, { weight: 1, arbitrary: fc.anything() }),
  jobId: text,
  statusChanges: optional(
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.oneof(fc.string(), fc.constant(undefined), fc.constant({})),
  ),
  offer: optional(fc.constant(ABSENT), fc.constant({ startDate: null, salary: 5 })),
  other: optional(fc.constant(ABSENT), fc.integer()),
});

describe("readApplicationFields", () => {
  it("answers as applicationFieldsSchema does, plain records or not", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: record }, fc.anything()), (value) => {
        const read = readApplicationFields(value);
        const parsed = applicationFieldsSchema.safeParse(value);
        if (parsed.success) accepted++;
        expect(read.ok).toBe(parsed.success);
        if (read.ok && parsed.success) expect(read.fields).toEqual(parsed.data);
        if (!read.ok && !parsed.success) expect(read.error.issues).toEqual(parsed.error.issues);
      }),
      { numRuns: 3000 },
    );
    // Both answers are compared often enough: the generator is not all refusals.
    expect(accepted).toBeGreaterThan(300);
  });

  it("reads a plain record without copying what the schema would not change", () => {
    const statusChanges = [{ id: "s", statusName: "Applied", at: "2026-01-01T00:00:00Z" }];
    const read = readApplicationFields({
      id: "a",
      candidate: { id: "c", firstName: "Ann", lastName: "Lee" },
      jobId: "j",
      statusChanges,
    });
    expect(read).toEqual({
      ok: true,
      fields: {
        id: "a",
        candidate: { id: "c", firstName: "Ann", lastName: "Lee", email: null, phone: null },
        jobId: "j",
        statusChanges,
      },
    });
  });
});

describe("mergeApplication", () => {
  const steps = new ActiveSteps(FEED_PIPELINES);
  const step = FEED_PIPELINES.find((pipeline) => pipeline.active)?.steps[0];
  /** Zoned times as the schema accepts them: any offset, any fraction, or none. */
  const zoned = fc
    .record({
      time: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
      offsetMinutes: fc.constantFrom(0, 60, -300, 330),
      fraction: fc.constantFrom("", ".5", ".12", ".123", ".1234", ".000"),
      zulu: fc.boolean(),
    })
    .map(({ time, offsetMinutes, fraction, zulu }) => {
      const local = new Date(time + offsetMinutes * 60_000).toISOString().slice(0, 19);
      if (zulu && offsetMinutes === 0) return `${local}${fraction}Z`;
      const sign = offsetMinutes < 0 ? "-" : "+";
      const minutes = Math.abs(offsetMinutes);
      const zone = `${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      return `${local}${fraction}${zone}`;
    });

  it("stores every time as toISOString writes it, keeping a text written so already", () => {
    fc.assert(
      fc.property(zoned, (at) => {
        const change = statusChangeInputSchema.parse({ id: "s", statusName: step?.name, at });
        const merged = mergeApplication(
          {
            id: "a",
            candidate: { id: "c", firstName: "A", lastName: "B", email: null, phone: null },
            jobId: "j",
            statusChanges: [change],
          },
          undefined,
          { steps, latest: Number.POSITIVE_INFINITY, instantText: instantTextFormatter() },
          0,
          [],
        );
        const stored = merged.application.statusChanges[0]?.at;
        expect(stored).toBe(new Date(Date.parse(at)).toISOString());
      }),
      { numRuns: 2000 },
    );
  });
});
