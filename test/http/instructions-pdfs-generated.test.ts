import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { drawImportInstructions } from "../../scripts/instructions-pdfs";
import { PRODUCTS } from "../../src/domain/products";
import { renderImportInstructions } from "../../src/http/instructions-pdf";

describe("the instructions PDFs the package serves", () => {
  it.each(PRODUCTS)(
    "are what the column catalogue draws now (%s; `npm run pdfs` redraws them)",
    async (product) => {
      const served = await renderImportInstructions(product);
      expect(Buffer.from(served).equals(Buffer.from(await drawImportInstructions(product)))).toBe(
        true,
      );
    },
  );

  it("carry no dates, so a build draws the same bytes every time", async () => {
    const document = await PDFDocument.load(await renderImportInstructions("PERFORM"), {
      updateMetadata: false,
    });
    expect(document.getTitle()).toBe("Member import instructions (PERFORM)");
    expect(document.getCreationDate()).toBeUndefined();
    expect(document.getModificationDate()).toBeUndefined();
  });

  it("hands each caller its own bytes", async () => {
    const first = await renderImportInstructions("UNI");
    first.fill(0);
    expect(
      Buffer.from(await renderImportInstructions("UNI"))
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });
});
