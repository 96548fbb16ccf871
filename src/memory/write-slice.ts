/**
 * Records written between two awaits of a transaction's pace (which itself decides whether the
 * slice's time is spent): 4,096 members took 5–25 ms, longer than the slice of a few ms a pace keeps.
 */
export const WRITES_PER_SLICE = 512;
