import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MATTER_HEADERS, MEMBER_HEADERS } from "../../src/domain/headers";
import { MATTER_FILE_ERROR_TYPES } from "../../src/matters/errors";
import { MEMBER_FILE_ERROR_TYPES, MEMBER_ROW_ERROR_TYPES } from "../../src/members/errors";
import { ROOT } from "../support/serve";

const guide = (name: string) => readFileSync(join(ROOT, "docs", name), "utf8");
const tableRows = (text: string) =>
  new Set([...text.matchAll(/^\| ([^|]+?) \|/gm)].map((match) => match[1]));

describe("the guides cover the catalogues", () => {
  it("member import: a row for every column and every file and row error type", () => {
    const rows = tableRows(guide("member-import.md"));
    for (const name of [...MEMBER_HEADERS, ...MEMBER_FILE_ERROR_TYPES, ...MEMBER_ROW_ERROR_TYPES])
      expect(rows, name).toContain(name);
  });

  it("matters: a row for every column, and every file error type named", () => {
    const text = guide("matters.md");
    const rows = tableRows(text);
    for (const header of MATTER_HEADERS) expect(rows, header).toContain(header);
    for (const type of MATTER_FILE_ERROR_TYPES) expect(text).toContain(`\`${type}\``);
  });
});
