import { buildSchema, GraphQLObjectType, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { graphqlMemberSchema } from "../../src/client/index";
import { GRAPHQL_MEMBER_FIELDS } from "../../src/graphql/member-result";
import { MEMBER_GRAPHQL_SDL } from "../../src/graphql/schema";

const schema = buildSchema(MEMBER_GRAPHQL_SDL);

describe("the client's GraphQL selection", () => {
  it("selects every field of Member, and its zod schema has exactly those fields", () => {
    const member = schema.getType("Member");
    expect(member).toBeInstanceOf(GraphQLObjectType);
    const fields = Object.keys((member as GraphQLObjectType).getFields()).sort();
    expect(Object.keys(graphqlMemberSchema.shape).sort()).toEqual(fields);
    const document = parse(`query { memberById(id: "m") { ${GRAPHQL_MEMBER_FIELDS} } }`);
    expect(validate(schema, document)).toEqual([]);
    const selected = document.definitions.flatMap((definition) =>
      definition.kind === "OperationDefinition"
        ? definition.selectionSet.selections.flatMap((selection) =>
            selection.kind === "Field"
              ? (selection.selectionSet?.selections ?? []).flatMap((field) =>
                  field.kind === "Field" ? [field.name.value] : [],
                )
              : [],
          )
        : [],
    );
    expect(selected.sort()).toEqual(fields);
  });
});
