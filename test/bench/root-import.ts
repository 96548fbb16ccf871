import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import browserAliases from "../../browser-aliases.json";
import { median } from "./timing";

/**
 * `import("rpdi")` in a fresh Node process, in ms: the root export bundled as tsup bundles it
 * (dependencies external, loaded from node_modules), timed inside the process from before the
 * import to after it, median of `runs` processes.
 */
export function benchRootImport(rootBundle: string, runs = 7): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const printed = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const started = performance.now(); await import(${JSON.stringify(rootBundle)}); console.log(performance.now() - started);`,
      ],
      { encoding: "utf8" },
    );
    times.push(Number(printed.trim()));
  }
  return median(times);
}

/** Bytes of a browser bundle of `contents` (from the repository root), minified and gzipped. */
export async function browserBundleBytes(
  contents: string,
): Promise<{ minified: number; gzipped: number }> {
  const bundled = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    platform: "browser",
    alias: browserAliases,
    format: "esm",
    minify: true,
    write: false,
    loader: { ".csv": "text" },
    logLevel: "silent",
  });
  const code = bundled.outputFiles[0]?.contents ?? new Uint8Array(0);
  return { minified: code.byteLength, gzipped: gzipSync(code).byteLength };
}
