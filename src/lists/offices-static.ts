import type { Office } from "../domain/organization";

/**
 * GET /officesStaticList: a global list of cities firms commonly have offices in, offered when an
 * administrator creates an office. It is a suggestion list, never what an import validates
 * against (that is the organization's configured offices).
 */
export const STATIC_OFFICES: readonly Office[] = [
  ...(
    [
      ["Atlanta", "GA"],
      ["Austin", "TX"],
      ["Boston", "MA"],
      ["Charlotte", "NC"],
      ["Chicago", "IL"],
      ["Cleveland", "OH"],
      ["Dallas", "TX"],
      ["Denver", "CO"],
      ["Detroit", "MI"],
      ["Houston", "TX"],
      ["Los Angeles", "CA"],
      ["Miami", "FL"],
      ["Minneapolis", "MN"],
      ["New York", "NY"],
      ["Newark", "NJ"],
      ["Orange County", "CA"],
      ["Palo Alto", "CA"],
      ["Philadelphia", "PA"],
      ["Phoenix", "AZ"],
      ["Pittsburgh", "PA"],
      ["Salt Lake City", "UT"],
      ["San Diego", "CA"],
      ["San Francisco", "CA"],
      ["Seattle", "WA"],
      ["St. Louis", "MO"],
      ["Washington", "DC"],
      ["Wilmington", "DE"],
    ] as const
  ).map(([city, state]) => ({ city, state, country: null })),
  ...(
    [
      ["Amsterdam", "Netherlands"],
      ["Beijing", "China"],
      ["Brussels", "Belgium"],
      ["Dubai", "United Arab Emirates"],
      ["Frankfurt", "Germany"],
      ["Hong Kong", "China"],
      ["London", "United Kingdom"],
      ["Madrid", "Spain"],
      ["Milan", "Italy"],
      ["Munich", "Germany"],
      ["Paris", "France"],
      ["São Paulo", "Brazil"],
      ["Seoul", "South Korea"],
      ["Shanghai", "China"],
      ["Singapore", "Singapore"],
      ["Sydney", "Australia"],
      ["Tokyo", "Japan"],
      ["Toronto", "Canada"],
      ["Vancouver", "Canada"],
    ] as const
  ).map(([city, country]) => ({ city, state: null, country })),
];
