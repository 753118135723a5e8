import fastJson from "fast-json-stringify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { toJSONSchema, type ZodType } from "zod";

type SerializerCompiler = Parameters<import("fastify").FastifyInstance["setSerializerCompiler"]>[0];

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema (its wire side: dates as ISO strings). Like zod, it writes only the declared properties,
 * so extra columns never leak; it is several times faster than encoding with zod and stringifying.
 * A schema that JSON Schema cannot express falls back to zod's own serializer.
 */
export const serializerCompiler: SerializerCompiler = (route) => {
  const schema = route.schema as ZodType;
  try {
    const json = toJSONSchema(schema, { io: "input", unrepresentable: "throw" });
    return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return (zodSerializerCompiler as SerializerCompiler)(route);
  }
};
