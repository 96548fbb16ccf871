import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { initialChoices, mappingOf, unmatchedRequired } from "../../src/importer/mapping-model";
import type { CheckReport } from "../../src/importer/protocol";
import { type CheckSettings, ImportSession } from "../../src/importer/session";
import { allCells, fromWire, toWire } from "../../src/importer/wire-report";
import { validateMemberCsv } from "../../src/members/validate";
import { FIXTURES } from "../support/fixtures";

const sandbox = parseOrganizationSnapshot(
  JSON.parse(readFileSync(join(FIXTURES, "sandbox.json"), "utf8")),
);
const NOW = new Date("2026-06-15T00:00:00Z");
const context = { organization: sandbox.organization, members: sandbox.members, now: NOW };

function checked(outcome: Awaited<ReturnType<ImportSession["check"]>>): CheckReport {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.report;
}

describe("the importer's worker session", () => {
  it("maps the demo export's header, checks it, and its errors change as cells are fixed, each answer the server's for the bytes it would send", async () => {
    const csv = readFileSync(join(FIXTURES, "demo/hris-export.csv"), "utf8").replace(
      ",Junior Associate,",
      ",Intern,",
    );
    const session = new ImportSession();
    session.open(new TextEncoder().encode(csv));
    const suggestions = session.suggest("members");
    const choices = initialChoices(suggestions).map((choice, index) =>
      suggestions.cells[index]?.cell === "Mentors" ? "Mentor Emails" : choice,
    );
    expect(unmatchedRequired(suggestions, choices)).toEqual([]);
    const settings: CheckSettings = {
      kind: "members",
      product: "PERFORM",
      ruleSet: "upsert",
      mapping: mappingOf(suggestions, choices),
      context,
      messages: undefined,
    };
    const first = checked(await session.check(settings));
    const server = validateMemberCsv(session.bytes(), { ...context, product: "PERFORM" });
    expect(server.ok).toBe(false);
    expect(first.result).toEqual(server.ok ? null : server.result);
    expect(
      allCells(first.cells).map(({ rowNumber, column, value }) => [rowNumber, column, value]),
    ).toEqual([[3, "Level", "Intern"]]);
    const fixed = checked(await session.edit(3, "Level", "Junior Associate"));
    expect(fixed.cells.length).toBe(0);
    expect(fixed.review).toEqual({ createdCount: 2, updatedCount: 1, absentCount: 2 });
    expect(validateMemberCsv(session.bytes(), { ...context, product: "PERFORM" }).ok).toBe(true);
    const sent = new TextDecoder().decode(session.bytes());
    expect(sent.split("\r\n")[0]).toBe(
      "Email,First Name,Last Name,Job Title,Office City,Office State (US Only),Office Country (Non-US Only),Department,Level,Start Date,Manager Email,Mentor Emails",
    );
    const changed = checked(await session.edit(1, "Email", "ben.marsh@hartwell"));
    expect(allCells(changed.cells).map((cell) => cell.column)).toContain("Email");
  });

  it("answers a mapping that names one column twice without checking", async () => {
    const session = new ImportSession();
    session.open(new TextEncoder().encode("Given Name,First,Surname,E-mail\nA,B,C,d@e.example\n"));
    const outcome = await session.check({
      kind: "members",
      product: "RECRUIT",
      ruleSet: "upsert",
      mapping: [
        ["Given Name", "First Name"],
        ["First", "First Name"],
      ],
      context,
      messages: undefined,
    });
    expect(outcome.ok).toBe(false);
  });

  it("crosses to the page and back unchanged: the body and every error", async () => {
    const session = new ImportSession();
    session.open(readFileSync(join(FIXTURES, "demo/new-hires-with-mistakes.csv")));
    const report = checked(
      await session.check({
        kind: "members",
        product: "PERFORM",
        ruleSet: "upsert",
        mapping: [],
        context,
        messages: undefined,
      }),
    );
    const { wire } = toWire(report);
    const back = fromWire(structuredClone(wire));
    expect(back.result).toEqual(report.result);
    expect(allCells(back.cells)).toEqual(allCells(report.cells));
    expect(back.cells.at(back.cells.length)).toBeUndefined();
  });
});
