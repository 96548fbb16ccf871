/**
 * The confidence at or above which a host may apply a suggestion without asking (`--auto-map`).
 * Only exact names, case or spacing variants and aliases that mean one column everywhere reach
 * it; a fuzzy match never does (its confidence stays at or below `FUZZY_CEILING`). A module of its
 * own so the importer's page bundle takes the number without the suggester.
 */
export const AUTO_ACCEPT_CONFIDENCE = 0.85;
