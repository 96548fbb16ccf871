/** The job board's default limit per client: 120 requests a minute (a page, its reloads, a crawler). */
export const JOB_BOARD_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;

/** How long a browser or a shared cache may keep a job board answer without asking again. */
export const JOB_BOARD_MAX_AGE_SECONDS = 60;
