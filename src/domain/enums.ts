/** Work Arrangement values, case-sensitive. */
export const WORK_ARRANGEMENTS = ["REMOTE", "HYBRID", "IN_PERSON"] as const;
/** A work arrangement as stored. */
export type WorkArrangement = (typeof WORK_ARRANGEMENTS)[number];

/** FLSA Status as stored: the spec accepts two spellings of each and rpdi keeps this one. */
export const FLSA_STATUSES = ["EXEMPT", "NON_EXEMPT", "NOT_APPLICABLE"] as const;
/** An FLSA status as stored. */
export type FlsaStatus = (typeof FLSA_STATUSES)[number];

/** Every FLSA Status spelling the spec accepts (case-sensitive), to its stored value. */
export const FLSA_SPELLINGS: ReadonlyMap<string, FlsaStatus> = new Map([
  ["Exempt", "EXEMPT"],
  ["Non-Exempt", "NON_EXEMPT"],
  ["Not Applicable", "NOT_APPLICABLE"],
  ["EXEMPT", "EXEMPT"],
  ["NON_EXEMPT", "NON_EXEMPT"],
  ["NOT_APPLICABLE", "NOT_APPLICABLE"],
]);
