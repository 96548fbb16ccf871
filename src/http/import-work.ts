import type { MatterFileChecker } from "../matters/upsert";
import type { MemberFileReader } from "../members/import";
import { isTemplateCatalog } from "../messages/catalog";
import { DEFAULT_SLICE_MS, yieldingPace } from "../runtime/pace";
import type { Pace } from "../runtime/steps";
import type { HttpSettings } from "./env";

/** Where one request's file work runs: paced on the event loop, the file itself on the pool. */
export interface ImportWork {
  pace: Pace;
  reader?: MemberFileReader;
  checker?: MatterFileChecker;
}

/**
 * The file work of one import request: a large file is read on the binding's worker pool when it
 * has one that runs; everything else on the event loop (the cross-row rules, the plan, a small
 * file, every file without a pool) is paced in slices of about 3 ms.
 */
export async function importWork(settings: HttpSettings, fileBytes: number): Promise<ImportWork> {
  // The services' own default: a read beside the import waits up to a slice per round trip.
  const pace = yieldingPace(DEFAULT_SLICE_MS);
  const pool = settings.importPool;
  // A catalog with a function entry cannot cross to a thread: its files stay here, paced.
  if (pool === null || fileBytes < pool.minBytes || !isTemplateCatalog(settings.messages))
    return { pace };
  if (!(await pool.ready())) return { pace };
  return { pace, reader: pool.readMembers, checker: pool.checkMatters };
}
