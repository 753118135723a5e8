import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../src/core/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { referenceEndpoints } from "../../src/core/reference/endpoints";
import { contextWithAdmin, type Member, type TestContext } from "../support/app";

let t: TestContext;
let admin: Member;

beforeAll(async () => ({ t, admin } = await contextWithAdmin()));
afterAll(() => t.close());

const everyEndpoint = Object.values(apiEndpoints).flatMap((group) => Object.values(group));

describe("the API's description", () => {
  it("is a valid OpenAPI 3.1 document with every endpoint in it", async () => {
    const res = await admin.client.call(referenceEndpoints.openApi);
    expect(res.status).toBe(200);
    const document = res.body;
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);

    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    expect(described.sort()).toEqual(everyEndpoint.map((e) => e.id).sort());
  });

  it("says who may call each endpoint, and what a refused caller hears", async () => {
    const res = await admin.client.call(referenceEndpoints.openApi);
    const pray = res.body.paths[prayerEndpoints.pray.path.replace(":id", "{id}")]?.post;
    expect(pray?.["x-caller"]).toBe("member");
    // 409 and 422: a repeat of her Idempotency-Key while the first runs, or on another request.
    expect(Object.keys(pray?.responses ?? {}).sort()).toEqual([
      "200",
      "400",
      "401",
      "404",
      "409",
      "422",
      "429",
    ]);
    expect(pray?.description).toContain("Idempotency-Key");
    expect(pray?.parameters).toEqual([
      expect.objectContaining({
        name: "id",
        in: "path",
        required: true,
        schema: expect.objectContaining({ type: "integer" }),
      }),
    ]);
  });

  it("is for administrators: a visitor hears 401 and a member 403", async () => {
    const member = await t.member();
    expect((await t.visitor().call(referenceEndpoints.openApi)).status).toBe(401);
    expect((await member.client.call(referenceEndpoints.openApi)).status).toBe(403);
  });
});

describe("the routes", () => {
  it("serve every declared endpoint", () => {
    const missing = everyEndpoint.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }));
    expect(missing.map((e) => e.id)).toEqual([]);
  });
});
