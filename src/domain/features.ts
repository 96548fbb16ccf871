/** Feature flags the spec names, as they appear in an organization's `features` list. */
export const Feature = {
  /** Custom practice areas count for validation (spec: Practice Area). */
  CUSTOM_PRACTICE_AREAS: "custom-practice-areas",
  /** New Email takes effect (spec: New Email; the flag's name is rpdi's, see docs/decisions.md). */
  BULK_EMAIL_UPDATE: "bulk-email-update",
  /** `GET /org-member-levels` is served. */
  MEMBER_LEVELS: "member-levels",
  /** `DELETE /members/bulk-remove` is allowed. */
  BULK_REMOVE: "user-list-members-bulk-delete",
  /** `GET /v1/job-applications` is served. */
  HR_FEED: "hr-feed",
  /** `GET /v1/job-board/{shortName}/jobs` is served (rpdi's name, see docs/decisions.md). */
  JOB_BOARD: "job-board",
} as const;
export type Feature = (typeof Feature)[keyof typeof Feature];
