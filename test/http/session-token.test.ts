import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cookieValues, type SessionToken, sessionTokenOf } from "../../src/http/session";

const NAMES = ["SERVICEAUTH", "OTHER", "__Host-S"];

/** A `Cookie` header of pairs drawn from a few names and values, some repeated, some odd. */
const cookieHeaderArbitrary = fc
  .array(
    fc.tuple(
      fc.constantFrom(...NAMES, " SERVICEAUTH", ""),
      fc.constantFrom("a.b.c", "", " t ", "x=y", "tok"),
      fc.constantFrom(";", "; ", " ;"),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([name, value, separator]) => `${name}=${value}${separator}`).join(""));

const requestWith = (cookie: string | null) =>
  new Request("http://127.0.0.1/", cookie === null ? {} : { headers: { cookie } });

/** The token as the header's values say, worked out afresh. */
function expected(cookie: string | null, name: string): SessionToken | null {
  const values = cookieValues(requestWith(cookie), name);
  if (values.length > 1) return { value: null, from: "cookie", repeated: true };
  const [value] = values;
  return value === undefined || value === "" ? null : { value, from: "cookie" };
}

describe("sessionTokenOf", () => {
  it("property: any sequence of Cookie headers and names answers each as a fresh reading of its header would", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.option(cookieHeaderArbitrary, { nil: null }), fc.constantFrom(...NAMES)),
          { minLength: 1, maxLength: 8 },
        ),
        (asks) => {
          for (const [cookie, cookieName] of asks) {
            const token = sessionTokenOf(requestWith(cookie), { cookieName, acceptBearer: false });
            expect(token).toEqual(expected(cookie, cookieName));
          }
        },
      ),
    );
  });
});
