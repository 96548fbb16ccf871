/**
 * The feed's degree values (spec: "Degree values", 27 exact strings). New ones may be added;
 * existing ones are never renamed. rpdi passes any stored degree through unchanged, so a
 * consumer should route values it does not know to a default.
 */
export const DEGREES = [
  "Bachelor of Arts",
  "Bachelor of Arts and Bachelors of Laws",
  "Bachelor of Business Administration (Law) and Bachelor of Laws (Double Degree)",
  "Bachelor of Commerce",
  "Bachelor of Commerce and Bachelor of Laws",
  "Bachelor of Economics and Bachelor of Laws",
  "Bachelor of Engineering and Bachelor of Laws",
  "Bachelor of Laws",
  "Bachelor of Science",
  "Bachelor of Sciences and Bachelor of Laws",
  "Bachelor of Social Sciences and Bachelor of Laws",
  "Doctor of Dentistry",
  "Doctor of Medicine",
  "Doctor of Osteopathic Medicine",
  "Doctor of Pharmacy",
  "Doctorate",
  "Juris Doctor",
  "Master of Arts",
  "Master of Business Administration",
  "Master of Education",
  "Master of Finance",
  "Master of Fine Arts",
  "Master of Laws",
  "Master of Public Administration",
  "Master of Science",
  "Master of Social Work",
  "Other",
] as const;
/** One of the spec's {@link DEGREES}. */
export type Degree = (typeof DEGREES)[number];

const KNOWN: ReadonlySet<string> = new Set(DEGREES);

/** Whether `value` is one of the spec's {@link DEGREES}. */
export function isKnownDegree(value: string): value is Degree {
  return KNOWN.has(value);
}
