import type { Application, Candidate } from "./feed";

/**
 * What recording job applications writes: whole candidates and whole applications, each created
 * or replaced by id. An application's candidate is either among `candidates` or already stored.
 */
export interface RecruitingWrites {
  candidates: readonly Candidate[];
  applications: readonly Application[];
}
