import fc from "fast-check";
import { MATTER_HEADERS } from "../../src/domain/headers";
import { csvLike } from "./csv-like";

/** Perform members the files of {@link anyMatterBytes} are checked against. */
export const ANY_MATTER_ATTORNEYS = ["ann@firm.example", "Bo@Firm.example", "cy@firm.example"];
const cell = fc.constantFrom(
  "",
  "  ",
  "M-1",
  "M-2",
  "Alpha",
  "Beta",
  "Acme",
  "Globex",
  "ann@firm.example",
  "ANN@firm.example",
  "bo@firm.example",
  "nobody@firm.example",
  "not an address",
  "1/2/2026",
  "3/4/2026",
  "2/30/2026",
  "13/1/2026",
  "2026-01-15",
  "1/15/26",
  "12",
  "1,234.5",
  "1.234,5",
  "12,34",
  "1.234",
  ".5",
  "-1",
  "1000000",
  "abc",
  "x".repeat(256),
  "é".repeat(501),
);

/** Files of nine columns drawn from values every matter rule has an opinion on. */
export const matterishFile = fc
  .array(fc.array(cell, { minLength: 9, maxLength: 9 }), { minLength: 1, maxLength: 12 })
  .map((rows) =>
    [[...MATTER_HEADERS], ...rows]
      .map((row) => row.map((value) => (value.includes(",") ? `"${value}"` : value)).join(","))
      .join("\n"),
  );

/** {@link matterishFile}, plain bytes, and CSV-shaped text broken in every way. */
export const anyMatterBytes = fc.oneof(
  matterishFile,
  fc.uint8Array({ maxLength: 300 }),
  csvLike([...MATTER_HEADERS, '"', ",", "\n", "2/30/2024", "ann@firm.example"], {
    maxCellLength: 10,
    maxCells: 10,
    maxRows: 8,
    lineEnd: "\r\n",
  }).map((body) => `${MATTER_HEADERS.join(",")}\r\n${body}`),
);
