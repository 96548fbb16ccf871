import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { MAX_MENTORS, MEMBER_COLUMNS, MEMBER_FIELDS } from "../members/columns";
import { MAX_EXAMPLE_ROWS } from "../members/example-csv";
import { Product } from "../store/products";

const PAGE = { width: 612, height: 792, margin: 54 };
/** Where the interface is served: the paths a reader types start here. */
const API = "/api/v2";
/** Joins a method to its path so a line never ends between them. */
const NBSP = "\u00a0";

/**
 * How each kind of block is set. `leading` is the distance from one line to the next inside the
 * block (single spacing: a little more than the font size); `after` is the space below the block.
 */
const STYLES = {
  title: { bold: true, size: 18, leading: 22, after: 10 },
  topic: { bold: true, size: 14, leading: 17, after: 4 },
  column: { bold: true, size: 11, leading: 14, after: 1 },
  body: { bold: false, size: 10, leading: 13, after: 9 },
} as const;
type Style = (typeof STYLES)[keyof typeof STYLES];

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
      body: `Upload a CSV file (UTF-8, at most 10 MB) with a header row to POST${NBSP}${API}/members/import-csv?product=${product}. Headers match case-insensitively and in any order; values are trimmed, and a blank value clears the stored one, while a column left out keeps it. Any invalid row rejects the whole file and nothing is written. Required columns: First Name, Last Name, Email; any other header rejects the file. A sample fitted to your organization: GET${NBSP}${API}/members/example-csv/${product}/{numRows} (at most ${MAX_EXAMPLE_ROWS} rows).`,
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
    body: `Office City, Office State (US Only) and Office Country (Non-US Only) are one unit: a US office has a city and a state, any other office a city and a country, and the triple must be one of your organization's offices (GET${NBSP}${API}/offices).`,
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

/** GET /api/v2/members/import-instructions.pdf: {@link importInstructionSections} laid out with pdf-lib. */
export async function renderImportInstructions(product: Product): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Member import instructions (${product})`);
  document.setCreator("rpdi");
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = document.addPage([PAGE.width, PAGE.height]);
  // The top of the next line's box: a line of size `size` is drawn with its baseline `size` below.
  let y = PAGE.height - PAGE.margin;
  const fits = (height: number) => y - height >= PAGE.margin;
  const newPage = () => {
    page = document.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  // `keep` is the height that must fit below this block too, so a heading never ends a page.
  const write = (text: string, style: Style, keep = 0) => {
    const font = style.bold ? bold : regular;
    wrap(text, font, style.size, width).forEach((line, index, lines) => {
      const last = index === lines.length - 1;
      if (!fits(style.size + (last ? keep : 0))) newPage();
      page.drawText(line, {
        x: PAGE.margin,
        y: y - style.size,
        size: style.size,
        font,
        color: rgb(0.1, 0.1, 0.1),
      });
      y -= last ? style.size + style.after : style.leading;
    });
  };
  write(`Member import instructions: ${product}`, STYLES.title);
  for (const section of importInstructionSections(product)) {
    const heading = section.level === 1 ? STYLES.topic : STYLES.column;
    write(section.heading, heading, section.body === "" ? 0 : heading.after + STYLES.body.size);
    if (section.body !== "") write(section.body, STYLES.body);
  }
  return document.save();
}

/** Lines of `text` that fit `width`, breaking at spaces. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  // Breaks only at plain spaces: a no-break space holds its neighbours on one line.
  for (const word of text.split(/ +/)) {
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
