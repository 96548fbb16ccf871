import type { ValidationRule } from "graphql";
import { graphqlError, MemberGraphqlErrorCode } from "./errors";

/**
 * A validation rule refusing operations whose root type the schema lacks: a `subscription` here.
 * graphql-js validates such a document and only its executor refuses it, as a field-less error
 * beside `data: null`, which GraphQL over HTTP answers 200; refused in validation it is a request
 * error (400) like any other document the server will not run.
 */
export const supportedOperationRule: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    if (context.getSchema().getRootType(operation.operation) === undefined) {
      context.reportError(
        graphqlError(
          MemberGraphqlErrorCode.OPERATION_NOT_SUPPORTED,
          `This endpoint runs queries and mutations; a ${operation.operation} is not supported.`,
          { nodes: operation },
        ),
      );
    }
    return false;
  },
});
