import { eraseJobApplication } from "../../src/applications/erase";
import { recordJobApplications } from "../../src/applications/record";
import { type ClientOptions, createClient } from "../../src/client/index";
import type { OrganizationSnapshotInput } from "../../src/domain/snapshot";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import type { RateLimiter } from "../../src/runtime/rate-limit";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { RECORDED_NOW, recordOf } from "../../src/testing/suites/live-data-support";
import { cheapHasher, PASSWORD, SECRET } from "../http/support";

export { PASSWORD, SECRET };
export const ORIGIN = "http://rpdi.test";
export const LOGIN_PATH = "/app/conformance/admin/auth/";
/** The seed's admin (RECRUIT and PERFORM) and a member who is no admin. */
export const ADMIN = "ada@firm.example";
export const NON_ADMIN = "ben@firm.example";
/** The seed's applications, each with a status change: the first full read returns them all. */
export const SEEDED_APPLICATIONS = 12;
const DAY = 86_400_000;

/** The seed with the HR feed on (unless `hrFeed` is false) and a password for Ada and Ben. */
async function seedWithLogins(hrFeed: boolean): Promise<OrganizationSnapshotInput> {
  const snapshot = seedOrganization();
  const features = snapshot.organization.features ?? [];
  snapshot.organization.features = hrFeed ? [...features, "hr-feed"] : features;
  const passwordHash = await cheapHasher().hash(PASSWORD);
  snapshot.members = (snapshot.members ?? []).map((member) =>
    member.id === "m-ada" || member.id === "m-ben"
      ? { ...member, credentials: { passwordHash } }
      : member,
  );
  return snapshot;
}

/**
 * A handler over the seed organization in a memory store, with a clock the test moves; the
 * applications are recorded and erased through the library, as a live deployment's ATS would.
 */
export async function changesSandbox(
  options: {
    hrFeed?: boolean;
    rateLimiter?: RateLimiter;
    changeRetentionDays?: number;
    operatorToken?: string;
  } = {},
) {
  const clock = { now: new Date(RECORDED_NOW.getTime() + 3_600_000) };
  // The store's clock is the service's: it times the change log's entries.
  const store = createMemoryStore(await seedWithLogins(options.hrFeed ?? true), {
    now: () => clock.now,
  });
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => clock.now,
    passwordHasher: cheapHasher(),
    secureCookie: false,
    ...(options.rateLimiter === undefined ? {} : { rateLimiter: options.rateLimiter }),
    ...(options.changeRetentionDays === undefined
      ? {}
      : { changeRetentionDays: options.changeRetentionDays }),
    ...(options.operatorToken === undefined ? {} : { operatorToken: options.operatorToken }),
  });
  const request = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${ORIGIN}${path}`, init));
  const login = async (email = ADMIN): Promise<string> => {
    const response = await request(LOGIN_PATH, {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD }),
    });
    const cookie = response.headers.get("set-cookie");
    if (cookie === null) throw new Error(`no session for ${email}`);
    return cookie.split(";")[0] as string;
  };
  const record = async (...numbers: number[]) => {
    const outcome = await recordJobApplications(store, {
      orgId: SEED_ORG_ID,
      applications: numbers.map((n) => recordOf(n)),
      now: RECORDED_NOW,
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  };
  const erase = async (applicationId: string) => {
    const outcome = await eraseJobApplication(store, {
      orgId: SEED_ORG_ID,
      applicationId,
      now: clock.now,
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  };
  /** Moves the service's clock on by `days`. */
  const later = (days: number) => {
    clock.now = new Date(clock.now.getTime() + days * DAY);
  };
  /** A client of this service as its admin, through the handler in-process. */
  const client = (overrides: Partial<ClientOptions> = {}) =>
    createClient({
      apiUrl: ORIGIN,
      loginUrl: `${ORIGIN}${LOGIN_PATH}`,
      credentials: { email: ADMIN, password: PASSWORD },
      allowInsecureHttp: true,
      fetch: (input, init) => handler(new Request(input, init)),
      ...overrides,
    });
  return { store, clock, handler, request, login, record, erase, later, client };
}
