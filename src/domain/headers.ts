/** The spec's 24 recognized member headers, in the spec's order (the order errors are sorted by). */
export const MEMBER_HEADERS = [
  "Employee ID",
  "First Name",
  "Last Name",
  "Email",
  "New Email",
  "Job Title",
  "Level",
  "Office City",
  "Office State (US Only)",
  "Office Country (Non-US Only)",
  "Department",
  "Practice Area",
  "Law School",
  "Graduation Year",
  "Effective Class Year",
  "Start Date",
  "Role",
  "SSO ID",
  "Use MFA",
  "Bio Link",
  "Work Arrangement",
  "FLSA Status",
  "Manager Email",
  "Mentor Emails",
] as const;
/** One of {@link MEMBER_HEADERS}. */
export type MemberHeader = (typeof MEMBER_HEADERS)[number];

/** The spec's nine matter headers, in the spec's order (the order `columnsWithErrors` uses). */
export const MATTER_HEADERS = [
  "Matter ID",
  "Matter Name",
  "Attorney Email",
  "Billing Attorney Email",
  "Start Date",
  "End Date",
  "Hours Billed",
  "Client Name",
  "Description",
] as const;
/** One of {@link MATTER_HEADERS}. */
export type MatterHeader = (typeof MATTER_HEADERS)[number];
