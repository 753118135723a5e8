import { z } from "zod";
import { type Caller, endpoint } from "../contract";

const jsonSchema = z.record(z.string(), z.unknown());

/** One operation of the OpenAPI document, as far as the reference page reads it. */
export const apiOperation = z.looseObject({
  operationId: z.string(),
  tags: z.array(z.string()),
  summary: z.string(),
  description: z.string(),
  "x-caller": z.enum(["visitor", "member", "admin"] satisfies Caller[]),
  parameters: z.array(
    z.looseObject({
      name: z.string(),
      in: z.enum(["path", "query"]),
      required: z.boolean(),
      schema: jsonSchema,
    }),
  ),
  requestBody: z
    .looseObject({ content: z.record(z.string(), z.looseObject({ schema: jsonSchema })) })
    .optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string() })),
});
export type ApiOperation = z.input<typeof apiOperation>;

export const apiDocument = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  tags: z.array(z.looseObject({ name: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), apiOperation)),
});
export type ApiDocument = z.input<typeof apiDocument>;

/** The API's own description, for the administrators' reference and for tools. */
export const referenceEndpoints = {
  openApi: endpoint({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This API described in OpenAPI 3.1, generated from its endpoint declarations",
    caller: "admin",
    response: apiDocument,
  }),
};
