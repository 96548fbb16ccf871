// `npm run demo`: the main job on the bundled fixtures. Validates a good member file and one with
// mistakes against fixtures/org.json with the built CLI, and checks both verdicts.
import { spawnSync } from "node:child_process";

const runs = [
  { file: "fixtures/demo/new-hires.csv", expect: 0 },
  { file: "fixtures/demo/new-hires-with-mistakes.csv", expect: 1 },
];
let failed = false;
for (const { file, expect } of runs) {
  const args = [
    "dist/cli.js",
    "validate",
    "members",
    file,
    "--product",
    "PERFORM",
    "--org",
    "fixtures/org.json",
  ];
  console.log(`\n$ rpdi ${args.slice(1).join(" ")}`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (result.status !== expect) {
    console.error(`expected exit ${expect}, got ${result.status}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
