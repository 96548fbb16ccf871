import { MEMBER_GRAPHQL_LIMITS as LIMITS } from "./limits";

/**
 * The per-member operations' GraphQL schema (spec: POST /graphql; its shapes are rpdi's design).
 * Published as docs/graphql/schema.graphql; a test keeps the two identical. Input fields carry
 * the text a member CSV cell would hold: left out is unchanged, "" or null clears, a value must
 * pass the same column rule as in the CSV.
 */
export const MEMBER_GRAPHQL_SDL = `"""A product of the platform."""
enum Product {
  RECRUIT
  PERFORM
  UNI
}

"""A member's role on a product."""
enum Role {
  ADMIN
  MEMBER
}

type ProductRole {
  product: Product!
  role: Role!
}

"""A US office has a state, any other office a country."""
type Office {
  city: String!
  state: String
  country: String
}

type Education {
  lawSchool: String
  graduationYear: Int
}

"""A member of the caller's organization (sign-in credentials are never exposed)."""
type Member {
  id: ID!
  email: String!
  firstName: String!
  lastName: String!
  employeeId: String
  jobTitle: String
  level: String
  office: Office
  department: String
  practiceArea: String
  """yyyy-MM-dd"""
  startDate: String
  effectiveClassYear: Int
  ssoId: String
  useMfa: Boolean!
  bioLink: String
  workArrangement: String
  flsaStatus: String
  managerId: ID
  mentorIds: [ID!]!
  education: [Education!]!
  products: [ProductRole!]!
}

type PageInfo {
  endCursor: String
  hasNextPage: Boolean!
}

type MemberConnection {
  nodes: [Member!]!
  pageInfo: PageInfo!
}

type Query {
  memberById(id: ID!): Member
  """Members with any role on the product, ordered by id. first: 1 to ${LIMITS.maxPageSize}; at most ${LIMITS.maxTotalPageSize} members and ${LIMITS.maxListSelections} membersByProduct per request. Costs ${LIMITS.listReadCost} plus first times the fields selected of each member; a request costs at most ${LIMITS.maxCost} by default."""
  membersByProduct(product: Product!, first: Int = 50, after: String): MemberConnection!
}

"""Each value as a member CSV cell would hold it (for example graduationYear "2015", startDate "3/1/2020")."""
input EmployerMemberInfoInput {
  firstName: String
  lastName: String
  email: String
  employeeId: String
  jobTitle: String
  level: String
  officeCity: String
  officeState: String
  officeCountry: String
  department: String
  practiceArea: String
  startDate: String
  bioLink: String
  lawSchool: String
  graduationYear: String
  workArrangement: String
}

input ProductRoleInput {
  product: Product!
  role: Role!
}

input EmployerMemberAuthInfoInput {
  """Roles on products the member already has."""
  productRoles: [ProductRoleInput!]
  ssoId: String
  """One of true, t, 1, yes, y, false, f, 0, no, n."""
  useMfa: String
}

input UniversityMemberInfoInput {
  firstName: String
  lastName: String
}

type Mutation {
  editEmployerMemberInfo(id: ID!, input: EmployerMemberInfoInput!): Member!
  editEmployerMemberAuthInfo(id: ID!, input: EmployerMemberAuthInfoInput!): Member!
  editUniversityMemberInfo(id: ID!, input: UniversityMemberInfoInput!): Member!
  """Grants the product (a welcome email is queued) or, when the member has it, sets the role."""
  addEmployerMemberProductUserRole(id: ID!, product: Product!, role: Role = MEMBER): Member!
  """Removes one product; the member's other products and data stay."""
  revokeProductUserAccess(id: ID!, product: Product!): Member!
  """Deletes the member entirely, with the manager and mentor links that point at them. Returns the id."""
  deleteMember(id: ID!): ID!
}
`;
