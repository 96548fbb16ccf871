// Fails when package-lock.json lists an optional dependency without an entry of its own: npm ci
// rejects such a lock on a clean machine even though npm install wrote it (a registry that lacks
// one platform's binary makes npm drop it silently).
import { readFileSync } from "node:fs";

const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
const missing = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    if (!(nested in lock.packages) && !(`node_modules/${name}` in lock.packages))
      missing.push(`${name} (for ${path || "the root"})`);
  }
}
if (missing.length > 0) {
  console.error(
    `package-lock.json lacks ${missing.length} optional dependencies:\n  ${missing.join("\n  ")}`,
  );
  process.exit(1);
}
console.log("package-lock.json lists every optional dependency");
