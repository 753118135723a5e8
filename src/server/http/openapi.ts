import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messageResponse } from "../../core/common-schemas";
import type { Endpoint } from "../../core/contract";
import { apiEndpoints } from "../../core/endpoints";
import { type ApiDocument, type ApiOperation, referenceEndpoints } from "../../core/reference/endpoints";
import { errorStatuses, serve } from "./endpoint-routes";

/** Changes when a change to the API breaks its callers. */
const API_VERSION = "1.0.0";

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of what travels on the wire. Both directions are the schemas' input side: a request
 * is validated from it, and a response is encoded to it (dates as ISO strings).
 */
function wire(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  return json;
}

const CALLERS = {
  visitor: "Anyone, signed in or not.",
  member: "A signed-in member (401 otherwise).",
  admin: "An administrator (401 to visitors, 403 to members).",
} as const;

const REASONS: Record<number, string> = {
  400: "Invalid input: `message` says what, `errors` names each field",
  401: "Not signed in",
  403: "Not allowed",
  404: "Not found, or not hers to see",
  409: "In conflict with the current state",
  422: "This Idempotency-Key was used for a different request",
  429: "Too many requests: try again later",
  503: "Unavailable for now",
};

function parameters(e: Endpoint): ApiOperation["parameters"] {
  const list: ApiOperation["parameters"] = [];
  for (const [where, schema] of [
    ["path", e.params],
    ["query", e.query],
  ] as const) {
    if (!schema) continue;
    const json = wire(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

function operation(feature: string, name: string, e: Endpoint): ApiOperation {
  const success = String(e.status ?? 200);
  const responses: ApiOperation["responses"] = {
    [success]: e.stream
      ? {
          description: "A stream of server-sent events that stays open",
          content: { [e.stream]: { schema: { type: "string" } } },
        }
      : e.response
        ? { description: "Success", content: { "application/json": { schema: wire(e.response) } } }
        : { description: "Success, with no body" },
  };
  if (e.accepted) {
    responses["202"] = {
      description: "Accepted: taken in, not done yet",
      content: { "application/json": { schema: wire(e.accepted) } },
    };
  }
  for (const status of errorStatuses(e)) {
    responses[status] = {
      description: REASONS[status] ?? "Error",
      content: {
        "application/json": {
          schema: status === 403 && e.refusal ? wire(e.refusal) : { $ref: "#/components/schemas/Message" },
        },
      },
    };
  }
  return {
    operationId: `${feature}.${name}`,
    tags: [feature],
    summary: e.summary,
    description: [
      `Who may call it: ${CALLERS[e.caller]}`,
      e.policy && `Also checked: the \`${e.policy}\` policy.`,
      e.rateLimit && `Rate limited (${e.rateLimit}).`,
      e.idempotent &&
        "An `Idempotency-Key` header (1 to 255 printable ASCII characters) makes a repeat by her within 24 hours answer the first answer.",
    ]
      .filter(Boolean)
      .join(" "),
    "x-caller": e.caller,
    ...(e.caller === "visitor" ? { security: [] } : {}),
    parameters: parameters(e),
    ...(e.body && {
      requestBody: { required: true, content: { "application/json": { schema: wire(e.body) } } },
    }),
    responses,
  };
}

/** The OpenAPI 3.1 description of every endpoint, grouped by feature. */
export function openApiDocument(
  features: Record<string, Record<string, Endpoint>>,
  info: { title: string; version: string },
): ApiDocument {
  const paths: ApiDocument["paths"] = {};
  for (const [feature, group] of Object.entries(features)) {
    for (const [name, e] of Object.entries(group)) {
      const path = e.path.replace(/:(\w+)/g, "{$1}");
      paths[path] ??= {};
      paths[path][e.method.toLowerCase()] = operation(feature, name, e);
    }
  }
  return {
    openapi: "3.1.0" as const,
    info: {
      ...info,
      description: "The API the Mishpacha web app calls. Members sign in with a session cookie.",
    },
    servers: [{ url: "/" }],
    security: [{ session: [] }],
    tags: Object.keys(features).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "sid" } },
      schemas: { Message: wire(messageResponse) },
    },
  };
}

/** Serves the document, built once. */
export async function apiReferenceRoutes(app: FastifyInstance) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  serve(app, referenceEndpoints.openApi, () => {
    document ??= openApiDocument(apiEndpoints, { title: "Mishpacha API", version: API_VERSION });
    return document;
  });
}
