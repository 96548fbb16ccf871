import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { MAX_MENTORS, MEMBER_COLUMNS, MEMBER_FIELDS } from "../members/columns";
import { MAX_EXAMPLE_ROWS } from "../members/example-csv";
import { Product } from "../store/products";

const PAGE = { width: 612, height: 792, margin: 54 };

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
      body: `Upload a CSV file (UTF-8, at most 10 MB) with a header row to POST /members/import-csv?product=${product}. Headers match case-insensitively and in any order; values are trimmed, and a blank value clears the stored one, while a column left out keeps it. Any invalid row rejects the whole file and nothing is written. Required columns: First Name, Last Name, Email; any other header rejects the file. A sample fitted to your organization: GET /members/example-csv/${product}/{numRows} (at most ${MAX_EXAMPLE_ROWS} rows).`,
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
    body: "Office City, Office State (US Only) and Office Country (Non-US Only) are one unit: a US office has a city and a state, any other office a city and a country, and the triple must be one of your organization's offices (GET /offices).",
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

/** GET /members/import-instructions.pdf: {@link importInstructionSections} laid out with pdf-lib. */
export async function renderImportInstructions(product: Product): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Member import instructions (${product})`);
  document.setCreator("rpdi");
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  let page = document.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const write = (line: string, font: PDFFont, size: number, gap: number) => {
    for (const wrapped of wrap(line, font, size, width)) {
      if (y - size < PAGE.margin) {
        page = document.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(wrapped, {
        x: PAGE.margin,
        y: y - size,
        size,
        font,
        color: rgb(0.1, 0.1, 0.1),
      });
      y -= size + gap;
    }
  };
  write(`Member import instructions: ${product}`, bold, 18, 12);
  for (const section of importInstructionSections(product)) {
    write(section.heading, bold, section.level === 1 ? 14 : 11, section.level === 1 ? 6 : 2);
    if (section.body !== "") write(section.body, regular, 10, 10);
  }
  return document.save();
}

/** Lines of `text` that fit `width`, breaking at spaces. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (line !== "" && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
