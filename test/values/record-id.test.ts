import { describe, expect, it } from "vitest";
import { newRecordId } from "../../src/values/record-id";
import { UUID_PATTERN } from "../../src/values/uuid";

describe("newRecordId", () => {
  it("answers a lower-case UUID, a new one each time", () => {
    const ids = Array.from({ length: 1000 }, newRecordId);
    for (const id of ids) {
      expect(id).toMatch(UUID_PATTERN);
      expect(id).toBe(id.toLowerCase());
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
