import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rateLimitHeaders } from "../../src/feed/rate-limit-headers";
import { feedHeaders } from "../../src/http/feed-headers";
import { COMMON_HEADERS, JSON_CONTENT_TYPE } from "../../src/http/responses";

const policyArbitrary = fc.option(
  fc.record({ limit: fc.integer({ min: 1, max: 1_000_000 }), windowMs: fc.nat(86_400_000) }),
  { nil: undefined },
);
const allowedArbitrary = fc.record(
  {
    allowed: fc.constant(true as const),
    remaining: fc.nat(1_000_000),
    resetSeconds: fc.nat(86_400),
  },
  { requiredKeys: ["allowed", "remaining"] },
);

describe("the feed's headers", () => {
  it("property: they are the JSON response's headers and the quota's, names in ascending order", () => {
    fc.assert(
      fc.property(policyArbitrary, allowedArbitrary, (policy, decision) => {
        const headers = feedHeaders(policy, decision);
        expect(headers).toEqual({
          ...COMMON_HEADERS,
          "content-type": JSON_CONTENT_TYPE,
          ...rateLimitHeaders(policy, decision),
        });
        const names = Object.keys(headers);
        expect(names).toEqual([...names].sort());
      }),
    );
  });
});
