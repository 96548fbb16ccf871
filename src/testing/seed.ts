import type { OrganizationSnapshotInput } from "../domain/snapshot";
import { FEED_PIPELINES } from "./feed-arbitraries";

/** The seed's main organization. */
export const SEED_ORG_ID = "org-conformance";
/** A second organization of the seed, for isolation tests. */
export const OTHER_ORG_ID = "org-other";
/** The seed's review cycle. */
export const SEED_CYCLE_ID = "0b7d4a52-3c1e-4f7a-9a5b-2f6e8c1d9e01";
/** The fixed clock of the seed. */
export const SEED_NOW = new Date("2026-06-15T00:00:00Z");

/**
 * The organization the conformance suite runs against: members of every role and product, lists,
 * features, a review cycle with matters, and an empty outbox. Addresses use reserved domains.
 */
export function seedOrganization(): OrganizationSnapshotInput {
  return {
    version: 1,
    organization: {
      id: SEED_ORG_ID,
      shortName: "conformance",
      name: "Conformance & Co",
      features: [
        "bulk-email-update",
        "member-levels",
        "custom-practice-areas",
        "user-list-members-bulk-delete",
      ],
      offices: [
        { city: "New York", state: "NY", country: null },
        { city: "London", state: null, country: "United Kingdom" },
      ],
      departments: ["Litigation", "Corporate", "=Formula Dept"],
      customPracticeAreas: ["Art Law"],
      memberLevels: ["Associate", "Partner"],
      pipelines: FEED_PIPELINES,
      applicationCustomFields: [
        { id: "cf-why", title: "Why us?", type: "FREE_TEXT" },
        { id: "cf-areas", title: "Practice interests", type: "MULTI_SELECT" },
      ],
    },
    ...seedFeed(),
    members: [
      {
        id: "m-ada",
        email: "ada@firm.example",
        firstName: "Ada",
        lastName: "Admin",
        products: [
          { product: "PERFORM", role: "ADMIN" },
          { product: "RECRUIT", role: "ADMIN" },
        ],
      },
      {
        id: "m-ben",
        email: "ben@firm.example",
        firstName: "Ben",
        lastName: "Marsh",
        employeeId: "E-2",
        jobTitle: "Associate",
        level: "Associate",
        office: { city: "New York", state: "NY", country: null },
        department: "Litigation",
        startDate: "2019-09-03",
        managerId: "m-ada",
        mentorIds: ["m-cleo"],
        education: [{ lawSchool: "Harvard Law School", graduationYear: 2015 }],
        products: [{ product: "PERFORM", role: "MEMBER" }],
      },
      {
        id: "m-cleo",
        email: "Cleo@firm.example",
        firstName: "Cleo",
        lastName: "Dubois",
        products: [
          { product: "PERFORM", role: "MEMBER" },
          { product: "RECRUIT", role: "MEMBER" },
        ],
      },
      {
        id: "m-dev",
        email: "dev@firm.example",
        firstName: "Dev",
        lastName: "Raman",
        jobTitle: "Recruiter",
        products: [{ product: "RECRUIT", role: "MEMBER" }],
      },
      {
        id: "m-eve",
        email: "eve@firm.example",
        firstName: "Eve",
        lastName: "Stone",
        products: [
          { product: "PERFORM", role: "MEMBER" },
          { product: "UNI", role: "ADMIN" },
        ],
      },
      { id: "m-fay", email: "fay@firm.example", firstName: "Fay", lastName: "Lin", products: [] },
    ],
    externalUserEmails: ["declared@elsewhere.example"],
    reviewCycles: [
      {
        id: SEED_CYCLE_ID,
        name: "2026 review",
        clientMatters: [
          {
            id: "cm-alpha",
            matterId: "M-1",
            clientName: "Acme",
            matterName: "Alpha",
            description: "Phase one",
            entries: [
              {
                id: "e-ben",
                attorneyEmail: "ben@firm.example",
                billingAttorneyEmail: "ada@firm.example",
                hoursBilled: 10,
              },
              {
                id: "e-cleo",
                attorneyEmail: "Cleo@firm.example",
                billingAttorneyEmail: "ada@firm.example",
                hoursBilled: 5,
              },
            ],
          },
        ],
      },
    ],
  };
}

/** A second organization in the same store: its users are "users of another organization". */
export function otherOrganization(): OrganizationSnapshotInput {
  return {
    organization: { id: OTHER_ORG_ID, shortName: "other", name: "Other LLP" },
    members: [
      {
        id: "o-sam",
        email: "sam@other.example",
        firstName: "Sam",
        lastName: "Other",
        products: [{ product: "RECRUIT", role: "MEMBER" }],
      },
    ],
  };
}

/** A seeded organization with SSO and its own SSO IDs. */
export const SSO_ORG_ID = "org-sso";

/** An organization with SSO by its own identifiers: SSO ID is needed unless a member uses MFA. */
export function ssoOrganization(): OrganizationSnapshotInput {
  return {
    organization: {
      id: SSO_ORG_ID,
      shortName: "sso",
      name: "SSO Partners",
      sso: { enabled: true, emailAsSsoId: false, ssoIdPattern: "[A-Z]{2}[0-9]{4}" },
    },
    members: [
      {
        id: "s-kim",
        email: "kim@sso.example",
        firstName: "Kim",
        lastName: "Park",
        ssoId: "KP0001",
        products: [{ product: "PERFORM", role: "MEMBER" }],
      },
      {
        id: "s-lou",
        email: "lou@sso.example",
        firstName: "Lou",
        lastName: "Reed",
        useMfa: true,
        products: [{ product: "PERFORM", role: "MEMBER" }],
      },
    ],
  };
}

/** Applications with histories spread over the first half of 2026, for the feed suite. */
function seedFeed(): Pick<OrganizationSnapshotInput, "jobs" | "candidates" | "applications"> {
  const steps = [
    ["Applied", "Active"],
    ["Interview", "Active"],
    ["Offer", "Offer"],
    ["Rejected", "Closed"],
  ] as const;
  const jobs = [
    {
      id: "job-lit",
      title: "Associate, Litigation",
      department: "Litigation",
      officeLocation: "New York",
      employmentType: "Full-time",
      hiringType: "Lateral",
      position: "Associate",
      requisitionId: "REQ-1",
    },
    {
      id: "job-sum",
      title: "Summer Associate",
      department: "Summer",
      officeLocation: "London",
      employmentType: "Intern",
      hiringType: "Student",
      position: "Summer Associate",
    },
  ];
  const candidates = Array.from({ length: 12 }, (_, index) => ({
    id: `cand-${index}`,
    firstName: `Candidate${index}`,
    lastName: "Example",
    email: index % 3 === 0 ? null : `candidate${index}@mail.example`,
  }));
  const applications = candidates.map((candidate, index) => ({
    id: `app-${String(index).padStart(2, "0")}`,
    candidateId: candidate.id,
    jobId: index % 2 === 0 ? "job-lit" : "job-sum",
    statusChanges: steps.slice(0, 1 + (index % 4)).map(([statusName, statusBucketName], step) => ({
      statusName,
      statusBucketName,
      at: new Date(
        Date.UTC(2026, 0, 5) + index * 12 * 86_400_000 + step * 3 * 86_400_000,
      ).toISOString(),
    })),
    customFieldAnswers:
      index % 2 === 0 ? [{ customFieldId: "cf-areas", value: ["Litigation", "Tax"] }] : [],
    education:
      index % 3 === 1
        ? [{ university: "Example University", degree: "Juris Doctor", endDate: "2024-05-20" }]
        : [],
  }));
  return { jobs, candidates, applications };
}
