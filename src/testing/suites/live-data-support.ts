import type { TestContext } from "vitest";
import type { ApplicationRecord } from "../../applications/input";
import { supportsLiveData } from "../../store/live-data";
import type { Store } from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { SEED_ORG_ID } from "../seed";

const NO_LIVE_DATA =
  "the store's transactions have no live-data operations (supportsLiveData is false)";

/** A seeded store whose transactions keep live data; the test is skipped otherwise. */
export async function liveDataStore(h: ConformanceHarness, context: TestContext): Promise<Store> {
  const store = await h.seeded();
  const supported = await store.transaction(SEED_ORG_ID, async (tx) => supportsLiveData(tx), {
    readOnly: true,
  });
  if (!supported || store.createOrganization === undefined) context.skip(NO_LIVE_DATA);
  return store;
}

/** After the seed's last status change: the clock of the recording calls. */
export const RECORDED_NOW = new Date("2026-07-01T00:00:00Z");

/** A new application of the seed organization, for job `job-lit`, with `changes` status changes. */
export function recordOf(n: number, changes = 2, candidate = `rc-${n}`): ApplicationRecord {
  const steps = ["Applied", "Interview", "Offer", "Rejected"];
  return {
    id: `ra-${n}`,
    candidate: {
      id: candidate,
      firstName: `Recorded ${candidate}`,
      lastName: "Candidate",
      email: `${candidate}@mail.example`,
    },
    jobId: "job-lit",
    address: {
      addressLine1: "1 Example Street",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    },
    education: [
      { university: "Example University", degree: "Juris Doctor", endDate: "2025-05-20" },
    ],
    customFieldAnswers: [{ customFieldId: "cf-why", value: `Because ${n}` }],
    statusChanges: Array.from({ length: changes }, (_, step) => ({
      id: `ra-${n}-sc-${step}`,
      statusName: steps[step % steps.length] as string,
      at: new Date(Date.UTC(2026, 5, 1 + (n % 20), 9 + step, 30))
        .toISOString()
        .replace("Z", "+00:00"),
    })),
  };
}
