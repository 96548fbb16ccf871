import { z } from "zod";
import { PRODUCTS, ROLES } from "../domain/products";

/** A `Member` of the GraphQL schema with every field selected (see `MEMBER_GRAPHQL_SDL`). */
export const graphqlMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  employeeId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  level: z.string().nullable(),
  office: z
    .object({ city: z.string(), state: z.string().nullable(), country: z.string().nullable() })
    .nullable(),
  department: z.string().nullable(),
  practiceArea: z.string().nullable(),
  /** yyyy-MM-dd */
  startDate: z.string().nullable(),
  effectiveClassYear: z.number().int().nullable(),
  ssoId: z.string().nullable(),
  useMfa: z.boolean(),
  bioLink: z.string().nullable(),
  workArrangement: z.string().nullable(),
  flsaStatus: z.string().nullable(),
  managerId: z.string().nullable(),
  mentorIds: z.array(z.string()),
  education: z.array(
    z.object({ lawSchool: z.string().nullable(), graduationYear: z.number().int().nullable() }),
  ),
  products: z.array(z.object({ product: z.enum(PRODUCTS), role: z.enum(ROLES) })),
});
/** A member as the GraphQL operations return it (see {@link graphqlMemberSchema}). */
export type GraphqlMember = z.infer<typeof graphqlMemberSchema>;

/** The `Member` selection that yields a {@link GraphqlMember}. */
export const GRAPHQL_MEMBER_FIELDS = `id email firstName lastName employeeId jobTitle level
  office { city state country } department practiceArea startDate effectiveClassYear ssoId useMfa
  bioLink workArrangement flsaStatus managerId mentorIds education { lawSchool graduationYear }
  products { product role }`;

/** `membersByProduct`'s connection. */
export const graphqlMemberConnectionSchema = z.object({
  nodes: z.array(graphqlMemberSchema),
  pageInfo: z.object({ endCursor: z.string().nullable(), hasNextPage: z.boolean() }),
});
/** A page of members (see {@link graphqlMemberConnectionSchema}). */
export type GraphqlMemberConnection = z.infer<typeof graphqlMemberConnectionSchema>;

/** One error of a GraphQL answer; `extensions.code` is a `MemberGraphqlErrorCode` or a CSV error type. */
export const graphqlErrorSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.object({ code: z.string().optional() }).catchall(z.unknown()).optional(),
});
/** A GraphQL error as answered (see {@link graphqlErrorSchema}). */
export type GraphqlError = z.infer<typeof graphqlErrorSchema>;
