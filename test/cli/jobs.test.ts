import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { boardJobListSchema } from "../../src/jobs/board";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const sandbox = join(FIXTURES, "sandbox.json");

describe("rpdi jobs", () => {
  it("prints the board on the day of --now as a table, by title, and says where it is served", async () => {
    const { code, out, err } = await runCliInMemory(["jobs", sandbox, "--now", "2026-06-15"]);
    expect([code, err]).toEqual([ExitCode.VALID, ""]);
    const lines = out.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+TITLE\s+DEPARTMENT\s+OFFICE\s+OPENS\s+CLOSES$/);
    expect(lines[1]).toMatch(/Corporate Associate\s+Corporate\s+London\s+2026-01-05\s*$/);
    expect(lines[2]).toMatch(
      /Summer Associate 2027\s+Litigation\s+New York\s+2026-03-01\s+2026-12-31$/,
    );
    expect(lines[3]).toBe(
      "(2 of 6 jobs on the board on 2026-06-15 UTC; over HTTP: GET /v1/job-board/sandbox/jobs)",
    );
  });

  it("prints the endpoint's body with --json, filtered as the endpoint filters", async () => {
    const { code, out } = await runCliInMemory([
      "jobs",
      sandbox,
      "--json",
      "--office",
      "new york",
      "--office",
      "Paris",
    ]);
    expect(code).toBe(ExitCode.VALID);
    const body = boardJobListSchema.parse(JSON.parse(out));
    expect(body.jobs.map((job) => job.title)).toEqual(["Summer Associate 2027"]);
  });

  it("lists every job with its board status under --all", async () => {
    const { code, out } = await runCliInMemory(["jobs", sandbox, "--all", "--now", "2026-06-15"]);
    expect(code).toBe(ExitCode.VALID);
    expect(out).toMatch(/Lateral Associate, Litigation\s+Litigation\s+New York\s+not public\n/);
    expect(out).toMatch(/Paralegal\s+.*2025-12-31\s+closed\n/);
    expect(out).toMatch(/Knowledge Lawyer\s+.*2027-01-04\s+not yet open\n/);
    expect(out).toMatch(/Corporate Associate\s+.*\s+open\n/);
  });

  it("warns when the organization's board is off, and still prints what it would show", async () => {
    const { code, out, err } = await runCliInMemory(["jobs", join(FIXTURES, "org.json")]);
    expect(code).toBe(ExitCode.VALID);
    expect(err).toContain("has the job-board feature off");
    expect(out).toContain("(0 of 0 jobs on the board");
  });

  it("refuses usage mistakes with the command's usage", async () => {
    for (const args of [
      ["jobs"],
      ["jobs", sandbox, "extra"],
      ["jobs", sandbox, "--now", "soon"],
      ["jobs", sandbox, "--json", "--all"],
      ["jobs", sandbox, "--ofice", "London"],
    ]) {
      const { code, err } = await runCliInMemory(args);
      expect(code, args.join(" ")).toBe(ExitCode.USAGE);
      expect(err, args.join(" ")).toContain("rpdi jobs <snapshot.json>");
    }
  });

  it("has its own help page", async () => {
    const { code, out } = await runCliInMemory(["jobs", "--help"]);
    expect(code).toBe(ExitCode.VALID);
    expect(out).toContain("GET /v1/job-board/{shortName}/jobs");
    expect(out).toContain("--department <name>");
  });
});
