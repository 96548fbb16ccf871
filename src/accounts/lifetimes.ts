/** How long account tokens and enrollments stay valid, by default. */
export const ACCOUNT_LIFETIMES = {
  /** An invitation: 7 days. */
  invitationMs: 7 * 24 * 60 * 60 * 1000,
  /** A password-recovery link: 30 minutes (short, as OWASP's forgot-password sheet advises). */
  recoveryMs: 30 * 60 * 1000,
  /** An MFA enrollment begun and not confirmed: 15 minutes. */
  mfaEnrollmentMs: 15 * 60 * 1000,
} as const;

/** `now` plus `ms`, as ISO-8601 UTC. */
export function isoAfter(now: Date, ms: number): string {
  return new Date(now.getTime() + ms).toISOString();
}

/** Whether the ISO time `at` is at or before `now`. */
export function hasPassed(at: string, now: Date): boolean {
  return Date.parse(at) <= now.getTime();
}
