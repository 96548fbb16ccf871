import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import type { OrganizationProfile } from "../domain/organization";
import {
  departmentsCsv,
  type LookupLists,
  lawSchoolsCsv,
  lookupLists,
  officeListSchema,
  practiceAreaListSchema,
  practiceAreasCsv,
  stringListSchema,
} from "../lists/lists";
import { STATIC_OFFICES } from "../lists/offices-static";
import { forCaller } from "./access";
import type { HttpEnv, HttpSettings } from "./env";
import { csv, json, jsonError, jsonText } from "./responses";
import {
  documented,
  errorBodySchema,
  FORBIDDEN,
  INTERFACE_VERSION,
  jsonResponse,
  SERVER_ERROR,
  UNAUTHORIZED,
  UNAVAILABLE,
} from "./route-parts";

interface LookupEndpoint {
  path: string;
  summary: string;
  /** The 200 body: a zod schema for JSON, or a CSV download's file name. */
  body: z.ZodType | { csvFile: string };
  render: (lists: LookupLists) => Response;
  /** The 404 some lists answer when their feature is off. */
  notFound?: string;
}

const jsonList = (
  path: string,
  summary: string,
  schema: z.ZodType,
  pick: (lists: LookupLists) => unknown,
): LookupEndpoint => {
  // The answer's text for each lists object kept by listsOf (frozen there), written once.
  const texts = new WeakMap<LookupLists, string>();
  const textOf = (lists: LookupLists) => {
    let text = texts.get(lists);
    if (text === undefined) {
      text = JSON.stringify(pick(lists));
      if (Object.isFrozen(lists)) texts.set(lists, text);
    }
    return text;
  };
  return { path, summary, body: schema, render: (lists) => jsonText(200, textOf(lists)) };
};

const csvList = (
  path: string,
  summary: string,
  csvFile: string,
  write: (lists: LookupLists) => string,
): LookupEndpoint => ({
  path,
  summary,
  body: { csvFile },
  render: (lists) => csv(write(lists), csvFile),
});

/** The spec's lookup lists (Admin authentication, same scheme as import). */
export const LOOKUP_ENDPOINTS: readonly LookupEndpoint[] = [
  csvList(
    "/api/v2/lawSchoolsList.csv",
    "Recognized law schools.",
    "law-schools.csv",
    lawSchoolsCsv,
  ),
  jsonList(
    "/api/v2/practiceAreas/current",
    "The practice areas that pass validation, tagged by type.",
    practiceAreaListSchema,
    (lists) => lists.practiceAreas,
  ),
  csvList(
    "/api/v2/practiceAreasList.csv",
    "The practice areas that pass validation.",
    "practice-areas.csv",
    practiceAreasCsv,
  ),
  jsonList(
    "/api/v2/practiceAreasStaticList",
    "The global static practice areas.",
    stringListSchema,
    (lists) => lists.staticPracticeAreas,
  ),
  jsonList(
    "/api/v2/firmPracticeAreasList",
    "The organization's custom practice areas.",
    stringListSchema,
    (lists) => lists.customPracticeAreas,
  ),
  jsonList(
    "/api/v2/departments",
    "The organization's departments.",
    stringListSchema,
    (lists) => lists.departments,
  ),
  csvList(
    "/api/v2/departments.csv",
    "The organization's departments.",
    "departments.csv",
    departmentsCsv,
  ),
  jsonList(
    "/api/v2/offices",
    "The organization's offices.",
    officeListSchema,
    (lists) => lists.offices,
  ),
  jsonList(
    "/api/v2/officesStaticList",
    "Suggested office cities (not what import validates against).",
    officeListSchema,
    () => STATIC_OFFICES,
  ),
  {
    path: "/api/v2/org-member-levels",
    summary: "The organization's member levels (only with the member-levels feature).",
    body: stringListSchema,
    render: (lists) =>
      lists.memberLevels === null
        ? jsonError(404, "Member levels are not enabled for this organization.")
        : json(200, lists.memberLevels),
    notFound: "The member-levels feature is off for the organization.",
  },
];

/** Every lookup list: Admin only, answered from the caller's organization's lists. */
export function registerListRoutes(app: OpenAPIHono<HttpEnv>, settings: HttpSettings): void {
  for (const endpoint of LOOKUP_ENDPOINTS) {
    const route = createRoute({
      method: "get",
      path: endpoint.path,
      summary: endpoint.summary,
      tags: ["Lookup lists"],
      "x-interface-version": INTERFACE_VERSION.members,
      responses: {
        200:
          "csvFile" in endpoint.body
            ? documented("CSV (UTF-8 with a BOM).", "text/csv")
            : jsonResponse("The list.", endpoint.body),
        401: UNAUTHORIZED,
        403: FORBIDDEN,
        500: SERVER_ERROR,
        503: UNAVAILABLE,
        ...(endpoint.notFound === undefined
          ? {}
          : { 404: jsonResponse(endpoint.notFound, errorBodySchema) }),
      },
    });
    // The caller is checked in the handler, not a middleware: these routes have no parameters.
    app.openapi(
      route,
      forCaller(settings, "lookup-lists", (c) =>
        endpoint.render(listsOf(c.get("principal").organization)),
      ),
    );
  }
}

const listsByProfile = new WeakMap<OrganizationProfile, LookupLists>();

/**
 * The organization's lookup lists, made once per profile object: a store that hands out the same
 * profile until it changes (the memory store's is frozen) spares every request copying every
 * list, the law schools among them, to answer one. The renderers only read the lists.
 */
function listsOf(organization: OrganizationProfile): LookupLists {
  let lists = listsByProfile.get(organization);
  if (lists === undefined) {
    lists = lookupLists(organization);
    if (Object.isFrozen(organization)) listsByProfile.set(organization, Object.freeze(lists));
  }
  return lists;
}
