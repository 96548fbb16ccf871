import { describe, expect, it } from "vitest";
import { newRecordId } from "../../src/values/record-id";
import { UUID_PATTERN } from "../../src/values/uuid";

const VERSION_4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newRecordId", () => {
  it("answers a lower-case version-4 UUID, a new one each time, across several draws of random bytes", () => {
    const ids = Array.from({ length: 5000 }, newRecordId);
    for (const id of ids) {
      expect(id).toMatch(UUID_PATTERN);
      expect(id).toMatch(VERSION_4);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses every hexadecimal digit in every free position", () => {
    const ids = Array.from({ length: 2000 }, newRecordId);
    for (let position = 0; position < 36; position++) {
      if ([8, 13, 14, 18, 19, 23].includes(position)) continue;
      expect(new Set(ids.map((id) => id[position])).size).toBe(16);
    }
  });
});
