import fc from "fast-check";
import { writeCsv } from "../csv/write";
import { MATTER_HEADERS } from "../domain/headers";

/** Addresses of seeded Perform members that generated matter rows name. */
export const PERFORM_ATTORNEYS = [
  "ann@firm.example",
  "bo@firm.example",
  "cy@firm.example",
  "di@firm.example",
];

/** One generated matter row, by header. */
export interface MatterRowCells {
  matterId: string;
  matterName: string;
  attorneyEmail: string;
  billingAttorneyEmail: string;
  startDate: string;
  endDate: string;
  hoursBilled: string;
  clientName: string;
  description: string;
}

const hours = fc.oneof(
  fc.integer({ min: 0, max: 999_999 }).map(String),
  fc.integer({ min: 0, max: 99_999_999 }).map((cents) => (cents / 100).toFixed(2)),
  fc.constantFrom("1,234.56", "0", "999999.99", "12.5"),
);
const date = fc
  .record({
    year: fc.integer({ min: 2000, max: 2030 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => ({
    text: `${month}/${day}/${year}`,
    iso: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
  }));

/**
 * A matter file every upsert rule accepts: unique (Matter ID, Client Name, Attorney Email) keys,
 * and rows of one client matter agreeing on Matter Name and Description. Names and
 * descriptions come from small pools so a second file often renames what a first one stored.
 */
export const validMatterRowsArbitrary: fc.Arbitrary<MatterRowCells[]> = fc
  .record({
    names: fc.array(fc.constantFrom("Alpha", "Beta", "Gamma, Inc.", 'The "Delta" case'), {
      minLength: 6,
      maxLength: 6,
    }),
    descriptions: fc.array(fc.constantFrom("", "Phase one", "Phase two"), {
      minLength: 6,
      maxLength: 6,
    }),
    slots: fc.uniqueArray(
      fc.record({
        matter: fc.integer({ min: 0, max: 5 }),
        attorney: fc.integer({ min: 0, max: PERFORM_ATTORNEYS.length - 1 }),
      }),
      { minLength: 1, maxLength: 20, selector: (slot) => `${slot.matter}:${slot.attorney}` },
    ),
  })
  .chain(({ names, descriptions, slots }) =>
    fc.tuple(
      ...slots.map((slot) =>
        fc
          .record({
            billing: fc.constantFrom(...PERFORM_ATTORNEYS),
            hours,
            start: fc.option(date),
            end: fc.option(date),
            upper: fc.boolean(),
          })
          .map(({ billing, hours: billed, start, end, upper }): MatterRowCells => {
            const [first, second] =
              start !== null && end !== null && start.iso > end.iso ? [end, start] : [start, end];
            const attorney = PERFORM_ATTORNEYS[slot.attorney] as string;
            return {
              matterId: `M-${slot.matter % 3}`,
              clientName: slot.matter < 3 ? "Acme Corp" : "Globex",
              matterName: names[slot.matter] as string,
              description: descriptions[slot.matter] as string,
              attorneyEmail: upper ? attorney.toUpperCase() : attorney,
              billingAttorneyEmail: billing,
              startDate: first?.text ?? "",
              endDate: second?.text ?? "",
              hoursBilled: billed,
            };
          }),
      ),
    ),
  );

/** A matter CSV of the given rows, with the spec's headers. */
export function matterCsv(rows: readonly MatterRowCells[]): string {
  return writeCsv([
    [...MATTER_HEADERS],
    ...rows.map((row) => [
      row.matterId,
      row.matterName,
      row.attorneyEmail,
      row.billingAttorneyEmail,
      row.startDate,
      row.endDate,
      row.hoursBilled,
      row.clientName,
      row.description,
    ]),
  ]);
}
