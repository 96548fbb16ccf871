import type { MatterHeader, MemberHeader } from "../domain/headers";

/**
 * A header another system writes for a spec column, and how sure a match on it makes rpdi. At or
 * above `AUTO_ACCEPT_CONFIDENCE` (0.85) only when the name means the column in every export that
 * uses it; names that often hold something else (a manager's name, a location that is not a city)
 * sit below it, so a person confirms them.
 */
export interface ColumnAlias<Column extends string> {
  name: string;
  column: Column;
  confidence: number;
}

type AliasTable<Column extends string> = Readonly<
  Record<Column, readonly (string | [string, number])[]>
>;

const SURE = 0.9;

function flatten<Column extends string>(table: AliasTable<Column>): ColumnAlias<Column>[] {
  const aliases: ColumnAlias<Column>[] = [];
  for (const column of Object.keys(table) as Column[])
    for (const entry of table[column]) {
      const [name, confidence] = typeof entry === "string" ? [entry, SURE] : entry;
      aliases.push({ name, column, confidence });
    }
  return aliases;
}

/**
 * Member headers as HRIS exports and reports write them: Workday (Legal First Name, Business Title,
 * Worker ID, Primary Work Email, Original Hire Date, Management Level), BambooHR (Employee #, Work
 * Email, Hire Date, Division, Location, Supervisor Email), ADP (Associate ID, File Number, Legal
 * Name Given Name, Family Name, Home Department Description, FLSA Description), Rippling and
 * Greenhouse (Work Email, Department Name, Work Location). Sources: docs/header-mapping.md.
 */
export const MEMBER_ALIASES: readonly ColumnAlias<MemberHeader>[] = flatten<MemberHeader>({
  "Employee ID": [
    "Employee Number",
    "Employee No",
    "Employee #",
    "Emp ID",
    "Emp No",
    "Employee Code",
    "Worker ID",
    "Associate ID",
    "File Number",
    "Personnel Number",
    "Staff ID",
    "Person Number",
    "Employee Identifier",
    ["ID", 0.6],
  ],
  "First Name": [
    "Given Name",
    "Legal First Name",
    "Legal Name Given Name",
    "Legal Given Name",
    "Forename",
    "First",
    "FName",
    "Employee First Name",
    "Worker First Name",
    ["Preferred First Name", 0.8],
    ["Preferred Name", 0.6],
    ["Nickname", 0.5],
  ],
  "Last Name": [
    "Surname",
    "Family Name",
    "Legal Last Name",
    "Legal Name Family Name",
    "Legal Family Name",
    "Last",
    "LName",
    "Employee Last Name",
    "Worker Last Name",
    ["Preferred Last Name", 0.8],
  ],
  Email: [
    "E-mail",
    "Email Address",
    "E-mail Address",
    "Work Email",
    "Work E-mail",
    "Work Email Address",
    "Primary Work Email",
    "Email - Primary Work",
    "Business Email",
    "Business Email Address",
    "Company Email",
    "Corporate Email",
    "Office Email",
    "Employee Email",
    "Worker Email",
    ["Primary Email", 0.8],
    ["Personal Email", 0.5],
    ["Home Email", 0.45],
  ],
  "New Email": ["New Email Address", "New Work Email", "Updated Email", "Updated Email Address"],
  "Job Title": [
    ["Title", 0.8],
    "Business Title",
    "Position Title",
    "Job Title Description",
    "Job Name",
    "Designation",
    ["Position", 0.75],
    ["Job Profile", 0.7],
    ["Job", 0.7],
  ],
  Level: [
    "Job Level",
    "Management Level",
    "Seniority Level",
    "Career Level",
    ["Grade", 0.75],
    ["Job Grade", 0.75],
    ["Pay Grade", 0.6],
  ],
  "Office City": [
    ["City", 0.8],
    "Work City",
    "Office City Name",
    "Location City",
    "Work Location City",
    "Work Address City",
    "Work Address - City",
    ["Office", 0.7],
    ["Office Location", 0.75],
    ["Work Location", 0.7],
    ["Location", 0.65],
    ["Business Site", 0.6],
  ],
  "Office State (US Only)": [
    "Office State",
    "Work State",
    "Location State",
    "Work Location State",
    "Work Address State",
    "Work Address - State",
    "State Province",
    "Work State Province",
    ["State", 0.8],
  ],
  "Office Country (Non-US Only)": [
    "Office Country",
    "Work Country",
    "Location Country",
    "Work Location Country",
    "Work Address Country",
    "Work Address - Country",
    ["Country", 0.8],
  ],
  Department: [
    "Dept",
    "Dept Name",
    "Department Name",
    "Department Description",
    "Home Department",
    "Home Department Description",
    ["Division", 0.6],
    ["Team", 0.55],
    ["Supervisory Organization", 0.55],
    ["Cost Center", 0.45],
  ],
  "Practice Area": ["Practice Group", "Practice Area Name", "Area of Practice", ["Practice", 0.8]],
  "Law School": ["Law School Name", "JD School", ["School", 0.7], ["University", 0.5]],
  "Graduation Year": [
    "Grad Year",
    "Law School Graduation Year",
    "JD Year",
    "Year of Graduation",
    "Graduation Date Year",
  ],
  "Effective Class Year": ["Class Year", "Associate Class Year", ["Class", 0.6], ["Class of", 0.8]],
  "Start Date": [
    "Hire Date",
    "Original Hire Date",
    "Date of Hire",
    "Date Hired",
    "Most Recent Hire Date",
    "Latest Hire Date",
    "Employment Start Date",
    "Employee Start Date",
    "Worker Start Date",
    ["Rehire Date", 0.7],
    ["Seniority Date", 0.6],
    ["Continuous Service Date", 0.6],
  ],
  Role: ["User Role", "Access Role", "Permission Level", ["Access Level", 0.8]],
  "SSO ID": [
    "SSO",
    "SSO Identifier",
    "Single Sign-On ID",
    "SAML NameID",
    ["Username", 0.6],
    ["User Principal Name", 0.6],
    ["Network ID", 0.6],
  ],
  "Use MFA": ["MFA", "Multi-Factor Authentication", "Two-Factor Authentication", "2FA"],
  "Bio Link": [
    "Bio URL",
    ["Bio", 0.75],
    "Biography Link",
    "Biography URL",
    "Profile URL",
    "Profile Link",
    ["Website", 0.6],
  ],
  "Work Arrangement": [
    "Work Model",
    "Workplace Type",
    "Remote Status",
    "Remote Work Status",
    "Work Location Type",
    ["Location Type", 0.75],
    ["Work Type", 0.6],
  ],
  "FLSA Status": [
    "FLSA",
    "FLSA Code",
    "FLSA Description",
    "FLSA Exempt Status",
    "Exempt Status",
    "Exemption Status",
    ["Exempt", 0.8],
  ],
  "Manager Email": [
    "Manager Email Address",
    "Manager E-mail",
    "Manager Work Email",
    "Supervisor Email",
    "Supervisor Email Address",
    "Supervisor Work Email",
    "Reports To Email",
    "Line Manager Email",
    "Direct Manager Email",
    ["Manager", 0.55],
    ["Supervisor", 0.5],
    ["Reports To", 0.5],
  ],
  "Mentor Emails": [
    "Mentor Email",
    "Mentor Emails Addresses",
    "Mentor Email Addresses",
    "Mentors Emails",
    ["Mentors", 0.75],
    ["Mentor", 0.7],
    ["Coach Email", 0.6],
  ],
});

/**
 * Matter headers as practice-management and billing exports write them (Clio's Matter Number,
 * Client, Open Date, Close Date and Responsible Attorney; billing exports' Timekeeper and Billed
 * Hours). Sources: docs/header-mapping.md.
 */
export const MATTER_ALIASES: readonly ColumnAlias<MatterHeader>[] = flatten<MatterHeader>({
  "Matter ID": [
    "Matter Number",
    "Matter No",
    "Matter #",
    "Matter Code",
    "Matter Identifier",
    "Display Number",
    ["Matter", 0.7],
  ],
  "Matter Name": ["Matter Title", ["Case Name", 0.75]],
  "Attorney Email": [
    "Attorney E-mail",
    "Attorney Email Address",
    "Timekeeper Email",
    "Timekeeper Email Address",
    "Lawyer Email",
    ["Attorney", 0.55],
    ["Timekeeper", 0.55],
  ],
  "Billing Attorney Email": [
    "Billing Attorney E-mail",
    "Billing Attorney Email Address",
    "Billing Partner Email",
    "Billing Timekeeper Email",
    "Responsible Attorney Email",
    ["Billing Attorney", 0.55],
    ["Responsible Attorney", 0.5],
  ],
  "Start Date": [
    "Open Date",
    "Opened Date",
    "Date Opened",
    "Matter Open Date",
    "Matter Start Date",
  ],
  "End Date": ["Close Date", "Closed Date", "Date Closed", "Matter Close Date", "Matter End Date"],
  "Hours Billed": [
    "Billed Hours",
    "Billable Hours",
    "Hours",
    "Total Hours Billed",
    "Total Billed Hours",
    ["Hours Worked", 0.75],
    ["Worked Hours", 0.75],
  ],
  "Client Name": ["Client", "Customer Name", ["Customer", 0.75]],
  Description: ["Matter Description", "Matter Details", ["Details", 0.75], ["Notes", 0.5]],
});
