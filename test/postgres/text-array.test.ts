import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textArrayParam } from "../../src/postgres/text-array";
import { pgliteClient } from "./stores";

// Strings PostgreSQL can hold (no NUL), with the characters an array literal escapes made likely.
const storable = fc
  .array(fc.oneof(fc.constantFrom('"', "\\", ",", "{", "}", " ", "NULL", "é"), fc.string()), {
    maxLength: 4,
  })
  .map((parts) => parts.join("").replaceAll("\u0000", ""));

describe("textArrayParam", () => {
  it("property: PostgreSQL reads back the same strings, in order, from the literal", async () => {
    const db = pgliteClient();
    await fc.assert(
      fc.asyncProperty(fc.array(storable, { maxLength: 20 }), async (values) => {
        const { rows } = await db.query<{ a: string[] }>("SELECT $1::text[] AS a", [
          await textArrayParam(values),
        ]);
        expect(rows[0]?.a).toEqual(values);
      }),
      { numRuns: 60 },
    );
  });

  it("property: a long array, made in slices, is the short one's literal of every value mapped", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(storable, { minLength: 4096, maxLength: 5000 }), async (values) => {
        const upper = (value: string) => value.toUpperCase();
        const sliced = await textArrayParam(values, upper);
        const parts = await Promise.all(
          values.map(async (value) => (await textArrayParam([upper(value)])).slice(1, -1)),
        );
        expect(sliced).toBe(`{${parts.join(",")}}`);
      }),
      { numRuns: 3 },
    );
  });
});
