import { describe, expect, it } from "vitest";
import { formatTable } from "../../src/cli/table";

describe("the CLI's plain-text table", () => {
  it("pads columns to their widest cell, for 150,000 rows as for two", () => {
    const rows = Array.from({ length: 150_000 }, (_, n) => [String(n + 2), "Email", "invalid"]);
    const table = formatTable(["Row", "Column", "Problem"], rows).split("\n");
    expect(table).toHaveLength(150_001);
    expect(table[0]).toBe("Row     Column  Problem");
    expect(table[1]).toBe("2       Email   invalid");
  });
});
