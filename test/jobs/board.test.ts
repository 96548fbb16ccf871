import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jobSchema } from "../../src/domain/feed";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { isOnJobBoard, selectBoardJobs } from "../../src/jobs/board";
import {
  boardJobsArbitrary,
  jobBoardFiltersArbitrary,
  jobBoardNowArbitrary,
} from "../../src/testing/job-board-arbitraries";
import { FIXTURES } from "../support/fixtures";

const job = (fields: Record<string, unknown>) =>
  jobSchema.parse({ id: "j", title: "T", ...fields });
const at = (text: string) => new Date(text);

describe("isOnJobBoard", () => {
  it("shows nothing that is not public, whatever its dates", () => {
    expect(isOnJobBoard(job({}), at("2026-06-15T12:00:00Z"))).toBe(false);
    expect(isOnJobBoard(job({ openDate: "2026-01-01" }), at("2026-06-15T12:00:00Z"))).toBe(false);
  });

  it("opens at the start of the open date's UTC day and closes at the end of the close date's", () => {
    const open = job({ public: true, openDate: "2026-06-15", closeDate: "2026-06-20" });
    expect(isOnJobBoard(open, at("2026-06-14T23:59:59.999Z"))).toBe(false);
    expect(isOnJobBoard(open, at("2026-06-15T00:00:00Z"))).toBe(true);
    // A time with an offset is the same instant: 2026-06-15T01:00+02:00 is still the 14th in UTC.
    expect(isOnJobBoard(open, at("2026-06-15T01:00:00+02:00"))).toBe(false);
    expect(isOnJobBoard(open, at("2026-06-20T23:59:59.999Z"))).toBe(true);
    expect(isOnJobBoard(open, at("2026-06-21T00:00:00Z"))).toBe(false);
  });

  it("takes a missing date as no bound, and a close date before the open date as never", () => {
    expect(isOnJobBoard(job({ public: true }), at("1990-01-01T00:00:00Z"))).toBe(true);
    const backwards = job({ public: true, openDate: "2026-06-20", closeDate: "2026-06-10" });
    expect(isOnJobBoard(backwards, at("2026-06-15T00:00:00Z"))).toBe(false);
  });

  it("never throws on an invalid clock: nothing is open", () => {
    expect(isOnJobBoard(job({ public: true }), new Date(Number.NaN))).toBe(false);
    expect(selectBoardJobs([job({ public: true })], new Date(Number.NaN))).toEqual([]);
  });
});

describe("selectBoardJobs", () => {
  it("shows the public title, falling back to the title, and orders by title then id", () => {
    const jobs = [
      job({ id: "b", title: "zeta", public: true, publicTitle: "Alpha" }),
      job({ id: "a", title: "alpha", public: true }),
      job({ id: "c", title: "Beta", public: true }),
    ];
    expect(selectBoardJobs(jobs, at("2026-01-01T00:00:00Z")).map((j) => [j.id, j.title])).toEqual([
      ["a", "alpha"],
      ["b", "Alpha"],
      ["c", "Beta"],
    ]);
  });

  it("property: every job shown is public and open that UTC day, passes the filters, and every such job is shown", () => {
    fc.assert(
      fc.property(
        boardJobsArbitrary,
        jobBoardNowArbitrary,
        jobBoardFiltersArbitrary,
        (jobs, now, filters) => {
          const shown = selectBoardJobs(jobs, now, filters);
          const today = now.toISOString().slice(0, 10);
          const wanted = (values: string | readonly string[] | undefined) => {
            const list = (typeof values === "string" ? [values] : (values ?? []))
              .map((v) => v.trim().toLowerCase())
              .filter((v) => v !== "");
            return (field: string) =>
              list.length === 0 || list.includes(field.trim().toLowerCase());
          };
          const expected = jobs.filter(
            (j) =>
              j.public &&
              (j.openDate === null || j.openDate <= today) &&
              (j.closeDate === null || j.closeDate >= today) &&
              wanted(filters.department)(j.department) &&
              wanted(filters.office)(j.officeLocation),
          );
          expect(shown.map((j) => j.id).sort()).toEqual(expected.map((j) => j.id).sort());
        },
      ),
    );
  });
});

describe("the job record's board fields in snapshots", () => {
  it("default for a job written before them: not public, no dates, no description", () => {
    expect(jobSchema.parse({ id: "j", title: "T" })).toMatchObject({
      public: false,
      publicTitle: null,
      description: "",
      openDate: null,
      closeDate: null,
    });
  });

  it("refuse a date that is not a yyyy-MM-dd calendar day", () => {
    for (const openDate of ["2026-02-30", "6/15/2026", "2026-06-15T00:00:00Z"])
      expect(jobSchema.safeParse({ id: "j", title: "T", openDate }).success, openDate).toBe(false);
  });

  it("keep every fixture snapshot loading", () => {
    const files = readdirSync(FIXTURES).filter((name) => name.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files)
      expect(() =>
        parseOrganizationSnapshot(JSON.parse(readFileSync(join(FIXTURES, name), "utf8"))),
      ).not.toThrow();
  });
});
