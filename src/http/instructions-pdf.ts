import { Product } from "../domain/products";
import { MAX_MENTORS, MEMBER_COLUMNS, MEMBER_FIELDS } from "../members/columns";
import { MAX_EXAMPLE_ROWS } from "../members/example-csv";
import { INSTRUCTIONS_PDFS } from "./instructions-pdfs.generated";

/** US Letter, in points, with the margin on every side. */
export const PAGE = { width: 612, height: 792, margin: 54 };
/** Baseline to baseline within a paragraph, as a multiple of the font size. */
const LINE_HEIGHT = 1.25;
/** Where the interface's REST endpoints live: the guide names them as a caller writes them. */
const API = "/api/v2";

/** One block of the instructions: a heading (a topic, or a column with its flags) and its text. */
export interface InstructionSection {
  heading: string;
  body: string;
  /** 1 for a topic, 2 for a column. */
  level: 1 | 2;
}

/**
 * The member import guide as data, written from the column catalogue so it always says what
 * validation does. RECRUIT and UNI leave out the PERFORM-only columns.
 */
export function importInstructionSections(product: Product): InstructionSection[] {
  const sections: InstructionSection[] = [
    {
      level: 1,
      heading: "The file",
      body: `Upload a CSV file (UTF-8, at most 10 MiB: 10,485,760 bytes) with a header row to POST ${API}/members/import-csv?product=${product}. Headers match case-insensitively and in any order; values are trimmed, and a blank value clears the stored one, while a column left out keeps it. Any invalid row rejects the whole file and nothing is written. Required columns: First Name, Last Name, Email; any other header rejects the file. A sample fitted to your organization: GET ${API}/members/example-csv/${product}/{numRows} (at most ${MAX_EXAMPLE_ROWS} rows).`,
    },
    { level: 1, heading: "Columns", body: "" },
  ];
  for (const field of MEMBER_FIELDS) {
    const column = MEMBER_COLUMNS[field];
    if (column.performOnly && product !== Product.PERFORM) continue;
    const flags = [
      column.required ? "required" : "optional",
      ...(column.performOnly ? ["PERFORM only"] : []),
    ];
    sections.push({
      level: 2,
      heading: `${column.header} (${flags.join(", ")})`,
      body: column.description,
    });
  }
  sections.push({
    level: 1,
    heading: "Offices",
    body: `Office City, Office State (US Only) and Office Country (Non-US Only) are one unit: a US office has a city and a state, any other office a city and a country, and the triple must be one of your organization's offices (GET ${API}/offices).`,
  });
  if (product === Product.PERFORM) {
    sections.push({
      level: 1,
      heading: "Managers and mentors",
      body: `Manager Email and Mentor Emails name existing members or other rows of the same file. Separate mentors with semicolons; at most ${MAX_MENTORS}. Nobody can be their own manager or mentor.`,
    });
  }
  return sections;
}

/** One line of the laid-out guide: where it goes and in which face. */
export interface InstructionLine {
  text: string;
  page: number;
  /** The baseline, in points from the page's bottom. */
  y: number;
  size: number;
  bold: boolean;
}

/**
 * {@link importInstructionSections} cut into lines that fit the page: wrapped lines of one
 * paragraph one line height apart, a gap only between paragraphs. `measure` is the font's width.
 */
export function layoutImportInstructions(
  product: Product,
  measure: (text: string, bold: boolean, size: number) => number,
): InstructionLine[] {
  const lines: InstructionLine[] = [];
  const width = PAGE.width - 2 * PAGE.margin;
  let page = 0;
  let top = PAGE.height - PAGE.margin;
  const paragraph = (text: string, bold: boolean, size: number, gapAfter: number) => {
    for (const wrapped of wrap(text, (candidate) => measure(candidate, bold, size) > width)) {
      if (top - size < PAGE.margin) {
        page++;
        top = PAGE.height - PAGE.margin;
      }
      lines.push({ text: wrapped, page, y: top - size, size, bold });
      top -= size * LINE_HEIGHT;
    }
    top -= gapAfter;
  };
  paragraph(`Member import instructions: ${product}`, true, 18, 8);
  for (const section of importInstructionSections(product)) {
    paragraph(section.heading, true, section.level === 1 ? 14 : 11, section.level === 1 ? 2 : 0);
    if (section.body !== "") paragraph(section.body, false, 10, 8);
  }
  return lines;
}

/**
 * GET /api/v2/members/import-instructions.pdf: {@link layoutImportInstructions} drawn with pdf-lib.
 * A guide depends only on its product, so the PDFs are drawn when the package is built
 * (scripts/instructions-pdfs.ts) and served as they are: pdf-lib is not needed at run time.
 */
export async function renderImportInstructions(product: Product): Promise<Uint8Array> {
  const base64 = INSTRUCTIONS_PDFS[product];
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Lines of `text` that fit, breaking at spaces; `tooWide` says whether a candidate line does not. */
function wrap(text: string, tooWide: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (line !== "" && tooWide(candidate)) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
