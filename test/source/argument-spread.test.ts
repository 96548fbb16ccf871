import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/serve";

/**
 * Spreading an array into a call's arguments (`push(...rows)`, `Math.max(...widths)`,
 * `String.fromCharCode(...bytes)`) throws `RangeError: Maximum call stack size exceeded` once the
 * array passes about 120,000 entries: a large import answered 500 that way. Biome has no rule for
 * it, so this test parses every source file and refuses any spread argument, but for fast-check's
 * `constantFrom` and `tuple` in the test arbitraries, whose inputs are short bounded lists.
 */
const ALLOWED_CALLEES = new Set(["fc.constantFrom", "fc.tuple"]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** `file:line callee(...)` for every spread argument of a call or `new` in `text`. */
function argumentSpreads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isCallExpression(node) || ts.isNewExpression(node)) &&
      (node.arguments ?? []).some(ts.isSpreadElement) &&
      !ALLOWED_CALLEES.has(node.expression.getText(source))
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1} ${node.expression.getText(source)}(...)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("no array is spread into a call's arguments in src/", () => {
  it("finds none in the shipped source", () => {
    const files = sourceFiles(join(ROOT, "src"));
    expect(files.length).toBeGreaterThan(100);
    const spreads = files.flatMap((file) =>
      argumentSpreads(relative(ROOT, file), readFileSync(file, "utf8")),
    );
    expect(spreads).toEqual([]);
  });

  it("recognises the pattern, and leaves array literals and rest parameters alone", () => {
    const text = `const a = [1]; Math.max(...a); new Set(...[a]); rows.push(...a);
      const b = [...a]; function f(...xs: number[]) { return xs; } fc.constantFrom(...a);`;
    expect(argumentSpreads("x.ts", text)).toEqual([
      "x.ts:1 Math.max(...)",
      "x.ts:1 Set(...)",
      "x.ts:1 rows.push(...)",
    ]);
  });

  it("a spread of 200,000 arguments does overflow here, which is why the rule exists", () => {
    const many = Array.from({ length: 200_000 }, (_, n) => n);
    expect(() => Math.max(...many)).toThrow(RangeError);
  });
});
