import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  importInstructionSections,
  renderImportInstructions,
} from "../../src/http/instructions-pdf";
import { PRODUCTS } from "../../src/store/products";

/** One line of text as the PDF draws it: its page, font size, baseline and text. */
interface DrawnLine {
  page: number;
  bold: boolean;
  size: number;
  y: number;
  text: string;
}

const BODY_SIZE = 10;

/**
 * The text-showing operations of every page, read back from the content streams: pdf-lib draws
 * each line as `/Font size Tf … 1 0 0 1 x y Tm <hex> Tj`, in WinAnsi (Latin-1 for this text).
 */
async function drawnLines(pdf: Uint8Array): Promise<DrawnLine[]> {
  const document = await PDFDocument.load(pdf);
  const lines: DrawnLine[] = [];
  document.getPages().forEach((page, index) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => document.context.lookup(ref))
        : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
      const operators = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
      for (const match of operators.matchAll(
        /\/(\S+) ([\d.]+) Tf[\s\S]*?1 0 0 1 [\d.-]+ ([\d.-]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g,
      )) {
        const hex = match[4] ?? "";
        lines.push({
          page: index,
          bold: (match[1] ?? "").includes("Bold"),
          size: Number(match[2]),
          y: Number(match[3]),
          text: String.fromCharCode(
            ...(hex.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16)),
          ),
        });
      }
    }
  });
  return lines;
}

/** Runs of consecutive body lines: the paragraphs as drawn, possibly across a page break. */
function paragraphs(lines: readonly DrawnLine[]): DrawnLine[][] {
  const runs: DrawnLine[][] = [];
  let previous: DrawnLine | undefined;
  for (const line of lines) {
    const body = !line.bold && line.size === BODY_SIZE;
    if (body && previous !== undefined && !previous.bold && previous.size === BODY_SIZE)
      runs.at(-1)?.push(line);
    else if (body) runs.push([line]);
    previous = line;
  }
  return runs;
}

describe.each(PRODUCTS)("the member import instructions PDF for %s", (product) => {
  it("names every endpoint by the path it is served at, under /api/v2", async () => {
    const text = (await drawnLines(await renderImportInstructions(product)))
      .map((line) => line.text)
      .join("\n");
    const paths = [...text.matchAll(/\b(?:GET|POST|DELETE)[\s\u00a0]+(\/\S*)/g)].map(
      (match) => match[1] ?? "",
    );
    expect(paths).toContain(`/api/v2/members/import-csv?product=${product}.`);
    expect(paths).toContain(`/api/v2/members/example-csv/${product}/{numRows}`);
    expect(paths).toContain("/api/v2/offices).");
    for (const path of paths) expect(path).toMatch(/^\/api\/v2\//);
    expect(text).not.toMatch(/(?<!\/api\/v2)\/(members|offices)\b/);
  });

  it("sets each paragraph single-spaced: wrapped lines one line height apart, no text lost", async () => {
    const runs = paragraphs(await drawnLines(await renderImportInstructions(product)));
    expect(runs.map((run) => run.map((line) => line.text).join(" "))).toEqual(
      importInstructionSections(product)
        .map((section) => section.body)
        .filter((body) => body !== ""),
    );
    const gaps = runs.flatMap((run) =>
      run.slice(1).flatMap((line, index) => {
        const above = run[index];
        return above !== undefined && above.page === line.page ? [above.y - line.y] : [];
      }),
    );
    // Some paragraph wraps, or the spacing would go unchecked.
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(BODY_SIZE);
      expect(gap).toBeLessThanOrEqual(BODY_SIZE * 1.5);
    }
    expect(new Set(gaps).size).toBe(1);
  });
});
