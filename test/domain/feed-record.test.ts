import { describe, expect, it } from "vitest";
import { applicationSchema } from "../../src/domain/feed";
import { shapeJobApplication } from "../../src/domain/feed-record";
import { DEGREES, isKnownDegree } from "../../src/feed/degrees";
import { PLAIN_JOB } from "../support/feed";

const source = {
  application: applicationSchema.parse({
    id: "a",
    candidateId: "c",
    jobId: PLAIN_JOB.id,
    statusChanges: [
      { statusName: "Applied", statusBucketName: "Active", at: "2026-01-01T00:00:00Z" },
    ],
  }),
  candidate: { id: "c", firstName: "A", lastName: "B", email: null, phone: null },
  job: PLAIN_JOB,
};

describe("the feed record", () => {
  it("omits customFields entirely when the organization shows no custom field on applications", () => {
    const hidden = [
      { id: "f", title: "Internal", type: "FREE_TEXT" as const, showOnJobApplication: false },
    ];
    const record = shapeJobApplication(source, source.application.statusChanges, {
      shortName: "x",
      siteUrl: "https://r.example/",
      applicationCustomFields: hidden,
    });
    expect(record).not.toHaveProperty("customFields");
    expect(record.educationHistory).toBeNull();
    expect(record.candidateUrl).toBe("https://r.example/app/x/candidates/c");
  });

  it("knows the spec's 27 degree values", () => {
    expect(DEGREES).toHaveLength(27);
    expect(isKnownDegree("Juris Doctor")).toBe(true);
    expect(isKnownDegree("Bachelor of Laws (Honours)")).toBe(false);
  });
});
