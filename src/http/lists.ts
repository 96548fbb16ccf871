import {
  departmentsCsv,
  type LookupLists,
  lawSchoolsCsv,
  lookupLists,
  practiceAreasCsv,
} from "../lists/lists";
import { STATIC_OFFICES } from "../lists/offices-static";
import { type HttpContext, type Route, withAccess } from "./context";
import { csv, json, jsonError } from "./responses";

/** A lookup endpoint: Admin only, answered from the caller's organization's lists. */
function lookup(render: (lists: LookupLists) => Response) {
  return (context: HttpContext) =>
    withAccess(context, "lookup-lists", null, async (principal) =>
      render(lookupLists(principal.organization)),
    );
}

export const listRoutes: Route[] = [
  {
    method: "GET",
    path: /^\/api\/v2\/lawSchoolsList\.csv$/,
    handle: lookup((lists) => csv(lawSchoolsCsv(lists), "law-schools.csv")),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/practiceAreas\/current$/,
    handle: lookup((lists) => json(200, lists.practiceAreas)),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/practiceAreasList\.csv$/,
    handle: lookup((lists) => csv(practiceAreasCsv(lists), "practice-areas.csv")),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/practiceAreasStaticList$/,
    handle: lookup((lists) => json(200, lists.staticPracticeAreas)),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/firmPracticeAreasList$/,
    handle: lookup((lists) => json(200, lists.customPracticeAreas)),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/departments$/,
    handle: lookup((lists) => json(200, lists.departments)),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/departments\.csv$/,
    handle: lookup((lists) => csv(departmentsCsv(lists), "departments.csv")),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/offices$/,
    handle: lookup((lists) => json(200, lists.offices)),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/officesStaticList$/,
    handle: lookup(() => json(200, STATIC_OFFICES)),
  },
  {
    method: "GET",
    path: /^\/api\/v2\/org-member-levels$/,
    handle: lookup((lists) =>
      lists.memberLevels === null
        ? jsonError(404, "Member levels are not enabled for this organization.")
        : json(200, lists.memberLevels),
    ),
  },
];
