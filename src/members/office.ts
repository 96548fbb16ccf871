import type { Office } from "../domain/organization";
import { ClosestEntries } from "../values/closest";
import { MemberRowErrorType } from "./errors";
import { CellProblem } from "./problem";

/** The organization's configured offices, matched as (city, state, country) triples. */
export class OfficeDirectory {
  readonly #byKey = new Map<string, Office>();
  readonly #offices: readonly Office[];
  #closest: ClosestEntries | undefined;
  #closestCity: ClosestEntries | undefined;
  /**
   * Each office as written (city, then state or country), to the office its key finds: files
   * mostly copy the offices list, so most look-ups build no key.
   */
  readonly #asWritten = new Map<
    string,
    { states: Map<string, Office>; countries: Map<string, Office> }
  >();

  constructor(offices: readonly Office[]) {
    this.#offices = offices;
    for (const office of offices) {
      this.#byKey.set(officeKey(office.city, office.state, office.country), office);
    }
    for (const office of offices) {
      const { city, state, country } = office;
      if (state !== null && country !== null) continue;
      let byCity = this.#asWritten.get(city);
      if (byCity === undefined) {
        byCity = { states: new Map(), countries: new Map() };
        this.#asWritten.set(city, byCity);
      }
      const found = this.#byKey.get(officeKey(city, state, country)) as Office;
      if (state !== null) byCity.states.set(state, found);
      else if (country !== null) byCity.countries.set(country, found);
    }
  }

  /**
   * Offices written as "City, State or Country" near `where`, closest first; failing that, the
   * offices of a city near `city` ("Londn, UK" finds "London, United Kingdom").
   */
  near(city: string, where: string): readonly string[] {
    this.#closest ??= new ClosestEntries(this.#offices.map(officeWritten));
    const found = this.#closest.near(where);
    if (found.length > 0) return found;
    this.#closestCity ??= new ClosestEntries(this.#offices.map((office) => office.city));
    const cities = new Set(this.#closestCity.near(city));
    return this.#offices.filter((office) => cities.has(office.city)).map(officeWritten);
  }

  /** The office with this city and state or country (case-insensitive, trimmed), if any. */
  find(city: string, state: string | null, country: string | null): Office | undefined {
    const byCity = this.#asWritten.get(city);
    if (byCity !== undefined && (state === null) !== (country === null)) {
      const found =
        state !== null ? byCity.states.get(state) : byCity.countries.get(country as string);
      if (found !== undefined) return found;
    }
    return this.#byKey.get(officeKey(city, state, country));
  }

  get size(): number {
    return this.#byKey.size;
  }
}

function officeKey(city: string, state: string | null, country: string | null): string {
  return `${city.trim().toLowerCase()}\u0000${(state ?? "").trim().toLowerCase()}\u0000${(country ?? "").trim().toLowerCase()}`;
}

/** The three office columns, validated as one unit. */
export type OfficeField = "officeCity" | "officeState" | "officeCountry";

export type OfficeVerdict =
  | { ok: true; office: Office | null }
  | { ok: false; problems: { field: OfficeField; problem: CellProblem }[] };

/**
 * The spec's office table: City, State and Country are validated as one unit, then the
 * well-formed triple must be one of the organization's offices.
 */
export function checkOffice(
  city: string | null,
  state: string | null,
  country: string | null,
  offices: OfficeDirectory,
): OfficeVerdict {
  if (city === null) {
    if (state === null && country === null) return { ok: true, office: null };
    const problems: { field: OfficeField; problem: CellProblem }[] = [];
    const lonely = new CellProblem(MemberRowErrorType.ROW_VALUE_CONFLICT, {
      key: "member.ROW_VALUE_CONFLICT.officeWithoutCity",
      params: {},
    });
    if (state !== null) problems.push({ field: "officeState", problem: lonely });
    if (country !== null) problems.push({ field: "officeCountry", problem: lonely });
    return { ok: false, problems };
  }
  if (state !== null && country !== null) {
    const both = new CellProblem(MemberRowErrorType.ROW_VALUE_CONFLICT, {
      key: "member.ROW_VALUE_CONFLICT.officeStateAndCountry",
      params: {},
    });
    return {
      ok: false,
      problems: [
        { field: "officeState", problem: both },
        { field: "officeCountry", problem: both },
      ],
    };
  }
  if (state === null && country === null) {
    const neither = new CellProblem(MemberRowErrorType.EMPTY_REQUIRED_VALUE, {
      key: "member.EMPTY_REQUIRED_VALUE.officeStateOrCountry",
      params: {},
    });
    return {
      ok: false,
      problems: [
        { field: "officeState", problem: neither },
        { field: "officeCountry", problem: neither },
      ],
    };
  }
  const office = offices.find(city, state, country);
  if (office === undefined) {
    const where = [city, state ?? country].join(", ");
    return {
      ok: false,
      problems: [
        {
          field: "officeCity",
          problem: new CellProblem(MemberRowErrorType.INVALID_LIST_SELECTION, {
            key: "member.INVALID_LIST_SELECTION.office",
            params: { office: where, suggestions: offices.near(city, where).slice(0, 3) },
          }),
        },
      ],
    };
  }
  return { ok: true, office };
}

function officeWritten(office: Office): string {
  return [office.city, office.state ?? office.country].join(", ");
}
