import type { Office } from "../domain/organization";
import {
  officeListSchema,
  type PracticeArea,
  practiceAreaListSchema,
  stringListSchema,
} from "../lists/lists";
import type { Addresses } from "./addresses";
import { RpdiNotFoundError } from "./errors";
import type { CallOptions } from "./members";
import type { Call, Transport } from "./transport";

/** The lookup lists of `{base_url}` (spec: "Lookup lists"; Admin authentication). */
export interface ListMethods {
  /** GET /lawSchoolsList.csv */
  lawSchoolsCsv(options?: CallOptions): Promise<string>;
  /** GET /practiceAreas/current: static and custom areas, each tagged by type. */
  practiceAreas(options?: CallOptions): Promise<PracticeArea[]>;
  /** GET /practiceAreasList.csv */
  practiceAreasCsv(options?: CallOptions): Promise<string>;
  /** GET /practiceAreasStaticList */
  staticPracticeAreas(options?: CallOptions): Promise<string[]>;
  /** GET /firmPracticeAreasList: the organization's custom areas. */
  firmPracticeAreas(options?: CallOptions): Promise<string[]>;
  /** GET /departments */
  departments(options?: CallOptions): Promise<string[]>;
  /** GET /departments.csv */
  departmentsCsv(options?: CallOptions): Promise<string>;
  /** GET /offices: what import validates Office City, State and Country against. */
  offices(options?: CallOptions): Promise<Office[]>;
  /** GET /officesStaticList: suggestions for new offices, not what import validates against. */
  staticOffices(options?: CallOptions): Promise<Office[]>;
  /** GET /org-member-levels; `null` when the member-levels feature is off (the service's 404). */
  memberLevels(options?: CallOptions): Promise<string[] | null>;
}

export function listMethods(transport: Transport, addresses: Addresses): ListMethods {
  const get =
    <T>(path: string, read: Call<T>["read"]) =>
    async (options: CallOptions = {}): Promise<T> =>
      transport.call({ method: "GET", url: addresses.rest(path), read, signal: options.signal });
  const csv = (path: string) => get(path, (response, check) => check.text(response, "text/csv"));
  const strings = (path: string) =>
    get(path, (response, check) => check.json(response, stringListSchema));
  const offices = (path: string) =>
    get(path, (response, check) => check.json(response, officeListSchema));
  const levels = strings("/org-member-levels");
  return {
    lawSchoolsCsv: csv("/lawSchoolsList.csv"),
    practiceAreas: get("/practiceAreas/current", (response, check) =>
      check.json(response, practiceAreaListSchema),
    ),
    practiceAreasCsv: csv("/practiceAreasList.csv"),
    staticPracticeAreas: strings("/practiceAreasStaticList"),
    firmPracticeAreas: strings("/firmPracticeAreasList"),
    departments: strings("/departments"),
    departmentsCsv: csv("/departments.csv"),
    offices: offices("/offices"),
    staticOffices: offices("/officesStaticList"),
    async memberLevels(options = {}) {
      try {
        return await levels(options);
      } catch (error) {
        if (error instanceof RpdiNotFoundError) return null;
        throw error;
      }
    },
  };
}
