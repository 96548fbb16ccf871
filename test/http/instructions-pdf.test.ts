import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { PRODUCTS } from "../../src/domain/products";
import {
  importInstructionSections,
  layoutImportInstructions,
} from "../../src/http/instructions-pdf";

describe("the member import instructions PDF", () => {
  it.each(PRODUCTS)(
    "names every endpoint with the /api/v2 prefix a caller writes (%s)",
    (product) => {
      const text = importInstructionSections(product)
        .map((section) => `${section.heading} ${section.body}`)
        .join(" ");
      const paths = text.match(/\b(?:GET|POST|DELETE) \S+/g) ?? [];
      expect(paths.length).toBeGreaterThanOrEqual(3);
      for (const path of paths) expect(path).toMatch(/^(GET|POST|DELETE) \/api\/v2\//);
    },
  );

  it.each(PRODUCTS)("states the size limit in the unit it is counted in (%s)", (product) => {
    const text = importInstructionSections(product)
      .map((section) => section.body)
      .join(" ");
    expect(text).toContain("at most 10 MiB: 10,485,760 bytes");
    expect(text).not.toMatch(/\b10 MB\b/);
  });

  it("sets a wrapped paragraph's lines one line height apart, not a paragraph gap apart", async () => {
    const document = await PDFDocument.create();
    const regular = await document.embedFont(StandardFonts.Helvetica);
    const bold = await document.embedFont(StandardFonts.HelveticaBold);
    const lines = layoutImportInstructions("PERFORM", (text, isBold, size) =>
      (isBold ? bold : regular).widthOfTextAtSize(text, size),
    );
    const first = lines.findIndex((line) => line.text.startsWith("Upload a CSV file"));
    const paragraph = lines.slice(first, first + 4);
    expect(paragraph.every((line) => line.size === 10 && !line.bold && line.page === 0)).toBe(true);
    for (let n = 1; n < paragraph.length; n++) {
      expect((paragraph[n - 1]?.y ?? 0) - (paragraph[n]?.y ?? 0)).toBeCloseTo(12.5);
    }
    for (const line of lines)
      expect(regular.widthOfTextAtSize(line.text, line.size)).toBeLessThan(612);
  });
});
