// Fails when a relative link of the README or docs/ points at a missing file or heading.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import GithubSlugger from "github-slugger";

const pages = [
  "README.md",
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name)),
];
const anchorsOf = new Map();
function anchors(page) {
  if (!anchorsOf.has(page)) {
    const slugger = new GithubSlugger();
    const text = readFileSync(page, "utf8").replace(/^```[\s\S]*?^```/gm, "");
    anchorsOf.set(
      page,
      new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slugger.slug(match[1]))),
    );
  }
  return anchorsOf.get(page);
}

const broken = [];
for (const page of pages) {
  const text = readFileSync(page, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue; // external: not checked offline
    const [path, hash] = target.split("#");
    const file = path === "" ? page : normalize(join(dirname(page), path));
    if (!existsSync(file)) broken.push(`${page}: ${target} (no such file)`);
    else if (hash !== undefined && file.endsWith(".md") && !anchors(file).has(hash))
      broken.push(`${page}: ${target} (no such heading)`);
  }
}
if (broken.length > 0) {
  console.error(`Broken links:\n  ${broken.join("\n  ")}`);
  process.exit(1);
}
console.log(`links ok in ${pages.length} pages`);
