import { type LookupLists, lookupLists } from "../lists/lists";
import { type CliIo, ExitCode, toJson, UsageError } from "./io";
import { readSnapshotFile } from "./snapshot-file";
import { meantWord } from "./suggest";
import { formatTable } from "./table";

interface ListView {
  /** The member CSV column(s) the list's values go into. */
  columns: string;
  /** The HTTP endpoint serving the same list. */
  endpoint: string;
  values: (lists: LookupLists) => string[][] | null;
  header: string[];
}

const one = (values: readonly string[]) => values.map((value) => [value]);

const LISTS: Record<string, ListView> = {
  offices: {
    columns: "Office City with Office State (US Only) or Office Country (Non-US Only)",
    endpoint: "GET /api/v2/offices",
    header: ["OFFICE CITY", "OFFICE STATE (US ONLY)", "OFFICE COUNTRY (NON-US ONLY)"],
    values: (lists) =>
      lists.offices.map((office) => [office.city, office.state ?? "", office.country ?? ""]),
  },
  departments: {
    columns: "Department",
    endpoint: "GET /api/v2/departments.csv",
    header: ["DEPARTMENT"],
    values: (lists) => one(lists.departments),
  },
  "practice-areas": {
    columns: "Practice Area",
    endpoint: "GET /api/v2/practiceAreas/current",
    header: ["PRACTICE AREA", "TYPE"],
    values: (lists) => lists.practiceAreas.map((area) => [area.name, area.type]),
  },
  "law-schools": {
    columns: "Law School",
    endpoint: "GET /api/v2/lawSchoolsList.csv",
    header: ["LAW SCHOOL"],
    values: (lists) => one(lists.lawSchools),
  },
  levels: {
    columns: "Level",
    endpoint: "GET /api/v2/org-member-levels",
    header: ["LEVEL"],
    values: (lists) => (lists.memberLevels === null ? null : one(lists.memberLevels)),
  },
};

/** The names `rpdi lists` takes, in the order it lists them. */
export const LIST_NAMES = Object.keys(LISTS);

export interface ListsOptions {
  org: string;
  list: string | undefined;
  json: boolean;
}

/**
 * `rpdi lists <snapshot.json> [<list>]`: the values a member file's list columns accept for an
 * organization, as the lookup endpoints serve them; without a list, which lists there are.
 */
export async function listsCommand(io: CliIo, options: ListsOptions): Promise<ExitCode> {
  const snapshot = await readSnapshotFile(io, options.org);
  const lists = lookupLists(snapshot.organization);
  if (options.list === undefined) {
    const rows = LIST_NAMES.map((name) => {
      const view = LISTS[name] as ListView;
      const values = view.values(lists);
      return [name, values === null ? "off" : String(values.length), view.columns];
    });
    io.stdout(`${formatTable(["LIST", "VALUES", "MEMBER COLUMN"], rows)}\n`);
    return ExitCode.VALID;
  }
  const view = Object.hasOwn(LISTS, options.list) ? LISTS[options.list] : undefined;
  if (view === undefined)
    throw new UsageError(
      `unknown list "${options.list}"; the lists are ${LIST_NAMES.join(", ")}${meantWord(options.list, LIST_NAMES)}`,
    );
  const values = view.values(lists);
  if (values === null) {
    io.stderr(
      `rpdi: ${snapshot.organization.name} does not use member levels (the member-levels feature is off); its member files have no Level column.\n`,
    );
    return ExitCode.INVALID;
  }
  if (options.json) {
    io.stdout(toJson(values.map((row) => (row.length === 1 ? row[0] : row))));
    return ExitCode.VALID;
  }
  io.stdout(`${formatTable(view.header, values, Number.POSITIVE_INFINITY)}\n`);
  io.stdout(`(${values.length} values for ${view.columns}; over HTTP: ${view.endpoint})\n`);
  return ExitCode.VALID;
}
