import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A fenced code block of a Markdown page: its language, the rest of its info string, its text. */
export interface CodeSample {
  page: string;
  language: string;
  info: string[];
  code: string;
  line: number;
}

/** The README and every guide in docs/ (the generated API reference excluded). */
export function documentationPages(root: string): string[] {
  const guides = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name));
  return ["README.md", ...guides.sort()];
}

export function codeSamples(root: string, page: string): CodeSample[] {
  const text = readFileSync(join(root, page), "utf8");
  const samples: CodeSample[] = [];
  for (const match of text.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```\s*$/gm)) {
    const [language, ...info] = [match[1] ?? "", ...(match[2] ?? "").trim().split(/\s+/)];
    samples.push({
      page,
      language,
      info: info.filter((word) => word !== ""),
      code: match[3] ?? "",
      line: text.slice(0, match.index).split("\n").length,
    });
  }
  return samples;
}

const IMPORT = /^import\s+(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s+"([^"]+)";?\s*$/gm;

/**
 * A page's TypeScript samples as one module, in page order, the way a reader follows them: later
 * samples use what earlier ones defined. Imports are gathered at the top, merged per module.
 */
export function pageModule(samples: readonly CodeSample[]): string {
  const imports = new Map<string, { default?: string; named: Set<string> }>();
  const bodies: string[] = [];
  for (const sample of samples) {
    bodies.push(
      `// ${sample.page}:${sample.line}\n${sample.code.replace(
        IMPORT,
        (_all, def: string | undefined, named: string | undefined, from: string) => {
          const entry = imports.get(from) ?? { named: new Set<string>() };
          if (def !== undefined) entry.default = def;
          for (const name of (named ?? "").split(","))
            if (name.trim() !== "") entry.named.add(name.trim());
          imports.set(from, entry);
          return "";
        },
      )}`,
    );
  }
  const head = [...imports].map(([from, entry]) => {
    const parts = [
      ...(entry.default === undefined ? [] : [entry.default]),
      ...(entry.named.size === 0 ? [] : [`{ ${[...entry.named].join(", ")} }`]),
    ];
    return `import ${parts.join(", ")} from "${from}";`;
  });
  return `${head.join("\n")}\n${bodies.join("\n")}\nexport {};\n`;
}

/** Splits a command line into words: plain words, and single- or double-quoted ones. */
export function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? "",
  );
}

/** Pages whose every block is a program of its own, as a reader copies one into a new project. */
export const STANDALONE_PAGES: readonly string[] = ["README.md"];

/** Whether every `requires=NAME` of the sample names a variable `env` sets. */
export function requirementsMet(
  sample: CodeSample,
  env: Record<string, string | undefined>,
): boolean {
  return sample.info.every((word) => {
    const required = /^requires=(\w+)$/.exec(word)?.[1];
    return required === undefined || env[required] !== undefined;
  });
}

/** A shell sample's commands: comments dropped, backslash continuations joined. */
export function shellCommands(sample: CodeSample): string[] {
  return sample.code
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.replace(/\s+#\s.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}
