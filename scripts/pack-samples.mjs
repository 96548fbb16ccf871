// Every code sample of the README and the guides, run from the packed tarball (issue 32): the
// TypeScript blocks (stripped of types by esbuild, nothing else changed), the CLI lines and the
// curl lines against `npx rpdi serve`. A program whose imports are rpdi and Node alone runs in a
// project that installs the tarball and nothing else; one that imports another package (a web
// framework, the OpenTelemetry SDK, pg, vitest) runs in a second project that installs exactly
// the packages the samples import, at the versions this repository uses.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, transform } from "esbuild";

const IMPORT_FROM = /^import\s[^"]*?from\s+"([^"]+)";?\s*$/gm;

/** The package a module specifier names: `@scope/name` or `name`; null for rpdi and Node's own. */
function packageOf(specifier) {
  if (specifier === "rpdi" || specifier.startsWith("rpdi/") || specifier.startsWith("node:"))
    return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? null);
}

/** The extraction the docs test uses (test/docs/extract.ts), bundled for this script. */
async function loadExtract(root) {
  const bundled = await build({
    entryPoints: [join(root, "test/docs/extract.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "warning",
  });
  const code = bundled.outputFiles[0]?.text ?? "";
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

/** Runs `program` (TypeScript) in `project` as an ES module; throws with its output on failure. */
async function runProgram(project, name, program) {
  const { code } = await transform(program, { loader: "ts", format: "esm", target: "node20" });
  const file = join(project, "samples", `${name}.mjs`);
  writeFileSync(file, code);
  try {
    execFileSync(process.execPath, [file], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      timeout: 120_000,
    });
  } catch (error) {
    throw new Error(`${name} failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
  }
}

/** Starts `npx rpdi serve` in `project` on a free port; resolves with its origin and a stop. */
export function serveIn(project) {
  const child = spawn(
    process.execPath,
    [join(project, "node_modules/rpdi/dist/cli.js"), "serve", "--port", "0"],
    // The banner is on stderr (stdout holds the log lines alone).
    { cwd: project, stdio: ["ignore", "ignore", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    child.stderr.on("data", (chunk) => {
      output += chunk;
      const match = /REST\s+(http:\/\/\S+?)\/api\/v2/.exec(output);
      if (match !== null && output.includes("Stop with Ctrl-C"))
        resolve({ origin: match[1], stop: () => child.kill("SIGTERM") });
    });
    child.once("exit", (code) => reject(new Error(`rpdi serve exited with ${code}: ${output}`)));
  });
}

/**
 * Runs every sample of the guides against the tarball at `tarball`, in new projects under
 * `work`; `versions` gives the version range of each package a sample may import. `bare`, when
 * given, is a project that already has the tarball installed and nothing else.
 */
export async function runSamplesFromTarball({ root, work, tarball, versions, install, bare }) {
  const {
    documentationPages,
    codeSamples,
    pageModule,
    requirementsMet,
    STANDALONE_PAGES,
    shellCommands,
  } = await loadExtract(root);
  const programs = [];
  const shellLines = [];
  for (const page of documentationPages(root)) {
    const samples = codeSamples(root, page);
    const typescript = samples.filter(
      (sample) => sample.language === "ts" && requirementsMet(sample, process.env),
    );
    const tests = typescript.filter((sample) => sample.info.includes("test-file"));
    const plain = typescript.filter((sample) => !sample.info.includes("test-file"));
    const slug = page.replace(/[^\w]+/g, "-");
    // The README's blocks are programs of their own; a guide's blocks follow one another.
    const groups = STANDALONE_PAGES.includes(page) ? plain.map((sample) => [sample]) : [plain];
    for (const group of groups)
      if (group.length > 0)
        programs.push({
          name: `${slug}${group.length === 1 ? `-${group[0].line}` : ""}`,
          code: pageModule(group),
          test: false,
        });
    for (const sample of tests)
      programs.push({
        name: `${slug}-${sample.line}.test`,
        code: pageModule([sample]),
        test: true,
      });
    for (const sample of samples.filter((each) => each.language === "sh"))
      for (const line of shellCommands(sample)) shellLines.push({ page, line });
  }

  // A test file runs under vitest, with rpdi/testing's peers (vitest, fast-check) installed.
  const needs = (program) => [
    ...[...program.code.matchAll(IMPORT_FROM)]
      .map((match) => packageOf(match[1]))
      .filter((name) => name !== null),
    ...(program.test ? ["vitest", "fast-check"] : []),
  ];
  const hostPackages = [...new Set(programs.flatMap(needs))].sort();
  const projects = { bare: bare ?? join(work, "bare"), hosts: join(work, "hosts") };
  for (const [name, dir] of Object.entries(projects)) {
    mkdirSync(join(dir, "samples"), { recursive: true });
    if (dir !== bare)
      writeFileSync(
        join(dir, "package.json"),
        JSON.stringify({ name: `samples-${name}`, private: true, type: "module" }),
      );
  }
  if (bare === undefined) install(projects.bare, [tarball]);
  install(projects.hosts, [
    tarball,
    ...hostPackages.map((name) => `${name}@${versions[name] ?? "latest"}`),
  ]);

  let ran = 0;
  for (const program of programs) {
    const project = needs(program).length === 0 ? projects.bare : projects.hosts;
    if (program.test) {
      const file = join(project, "samples", `${program.name}.mjs`);
      const { code } = await transform(program.code, { loader: "ts", format: "esm" });
      writeFileSync(file, code);
      execFileSync("npx", ["vitest", "run", file], {
        cwd: project,
        stdio: ["ignore", "pipe", "inherit"],
      });
    } else await runProgram(project, program.name, program.code);
    ran++;
  }

  // The CLI lines and curl lines, in the project with the tarball alone.
  const cli = (line) => line.replace(/^(npx )?rpdi /, "");
  const run = shellLines.filter(({ line }) =>
    /^(npx )?rpdi (examples|validate|lists|totp)\b/.test(line),
  );
  const bin = join(projects.bare, "node_modules/rpdi/dist/cli.js");
  for (const { page, line } of run) {
    try {
      execFileSync("bash", ["-c", `node ${bin} ${cli(line)}`], {
        cwd: projects.bare,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      // Exit 1 is an invalid file, which some samples show on purpose.
      if (error.status !== 1)
        throw new Error(`${page}: ${line} exited ${error.status}: ${error.stderr}`);
    }
  }
  // Curl lines and the variables they use (a cookie jar), not commands run with a variable set.
  const curls = shellLines.filter(({ line }) => /^curl |^[A-Za-z_]\w*=("[^"]*"|\S*)$/.test(line));
  const server = await serveIn(projects.bare);
  try {
    const script = curls
      .map(({ line }) =>
        line.startsWith("curl ")
          ? `${line.replaceAll("http://127.0.0.1:8787", server.origin)} -o /dev/null -w '%{http_code} ${line.slice(0, 60).replaceAll("'", "")}\\n'`
          : line,
      )
      .join("\n");
    const statuses = execFileSync("bash", ["-c", script], { cwd: projects.bare, encoding: "utf8" })
      .trimEnd()
      .split("\n");
    const failed = statuses.filter((status) => !/^[23]\d\d /.test(status));
    if (failed.length > 0) throw new Error(`curl samples failed:\n${failed.join("\n")}`);
  } finally {
    server.stop();
  }
  const bareCount = programs.filter((program) => needs(program).length === 0).length;
  console.log(
    `Doc samples: ${ran} programs from the tarball (${bareCount} with nothing else installed, ${ran - bareCount} beside ${hostPackages.join(", ")}), ${run.length} CLI lines, ${curls.length} curl lines`,
  );
}
