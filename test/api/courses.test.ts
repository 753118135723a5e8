import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import { activityLog, courseEnrollments, courses } from "../../src/server/db/schema";
import { createTestContext, invalid, type Member, type TestClient, type TestContext } from "../support/app";

let t: TestContext;
let admin: Member;
let member: Member;
const ids: Record<string, number> = {};

type CourseBody = BodyIn<typeof coursesEndpoints.adminCreate>;

const newCourse = (overrides: Partial<CourseBody> = {}): CourseBody => ({
  title: "Foundations of Grace",
  description: "What grace is, and what it is not, from Genesis to the Gospels.",
  shortDescription: "A gentle journey into grace.",
  status: "active",
  estimatedDuration: "4 weeks",
  tags: ["Grace", "Beginners", "Bible Study", "Devotional"],
  // Free: she enrolls at once (buying a priced course is test/api/course-purchases.test.ts).
  price: 0,
  courseUrl: "https://learn.example.org/grace",
  ...overrides,
});

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  member = await t.member();
  const create = async (key: string, body: CourseBody) => {
    const res = await admin.client.call(coursesEndpoints.adminCreate, { body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    ids[key] = res.body.id;
  };
  await create("grace", newCourse());
  await create(
    "feasts",
    newCourse({
      title: "Feasts of the Lord",
      description: "Leviticus 23 and Messiah.",
      price: null,
      tags: "Feasts, Torah",
    }),
  );
  await create(
    "prophecy",
    newCourse({
      title: "Prophecy Without Fear",
      description: "Daniel and Revelation with hope.",
      status: "coming_soon",
      courseUrl: null,
    }),
  );
  await create(
    "retired",
    newCourse({ title: "Retired study", description: "An old study we no longer run." }),
  );
  await admin.client.call(coursesEndpoints.adminEdit, {
    params: { id: ids.retired },
    body: { status: "archived" },
  });
});
afterAll(() => t.close());

describe("the course list", () => {
  it("lists active and coming-soon courses, newest first, never archived ones", async () => {
    const res = await member.client.call(coursesEndpoints.list);
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.title)).toEqual([
      "Prophecy Without Fear",
      "Feasts of the Lord",
      "Foundations of Grace",
    ]);
    const grace = res.body.find((c) => c.id === ids.grace);
    expect(grace).toEqual({
      id: ids.grace,
      ...newCourse(),
      patronOnly: false,
      includedForPatrons: false,
      enrolledCount: 0,
    });
    expect(grace).not.toHaveProperty("interestCount");
  });

  it("filters by status and searches title and description", async () => {
    const active = await member.client.call(coursesEndpoints.list, { query: { status: "active" } });
    expect(active.body.map((c) => c.title)).toEqual(["Feasts of the Lord", "Foundations of Grace"]);
    const soon = await member.client.call(coursesEndpoints.list, { query: { status: "coming_soon" } });
    expect(soon.body.map((c) => c.title)).toEqual(["Prophecy Without Fear"]);
    // Archived is not a status members can ask for: it means "all".
    const archived = await member.client.call(coursesEndpoints.list, {
      query: { status: invalid("archived") },
    });
    expect(archived.body).toHaveLength(3);
    const search = await member.client.call(coursesEndpoints.list, { query: { search: "LEVITICUS" } });
    expect(search.body.map((c) => c.title)).toEqual(["Feasts of the Lord"]);
    const both = await member.client.call(coursesEndpoints.list, {
      query: { search: "grace", status: "coming_soon" },
    });
    expect(both.body).toEqual([]);
    expect((await member.client.call(coursesEndpoints.list, { query: { search: "retired" } })).body).toEqual(
      [],
    );
  });

  it("pages with limit and before", async () => {
    const first = await member.client.call(coursesEndpoints.list, { query: { limit: 2 } });
    expect(first.body).toHaveLength(2);
    const next = await member.client.call(coursesEndpoints.list, {
      query: { limit: 2, before: first.body[1]!.id },
    });
    expect(next.body.map((c) => c.title)).toEqual(["Foundations of Grace"]);
  });

  it("refuses visitors", async () => {
    for (const e of [coursesEndpoints.list, coursesEndpoints.enrollments, coursesEndpoints.interests]) {
      const res = await t.visitor().call(e);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
    expect((await t.visitor().call(coursesEndpoints.enroll, { params: { id: ids.grace } })).status).toBe(401);
    expect((await t.visitor().call(coursesEndpoints.notify, { params: { id: ids.prophecy } })).status).toBe(
      401,
    );
  });
});

describe("enrolling", () => {
  it("enrols once, however often she asks, and counts her once", async () => {
    const first = await member.client.call(coursesEndpoints.enroll, { params: { id: ids.grace } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ courseId: ids.grace, enrolled: true, enrolledCount: 1 });
    const again = await member.client.call(coursesEndpoints.enroll, { params: { id: ids.grace } });
    expect(again.body).toEqual({ courseId: ids.grace, enrolled: true, enrolledCount: 1 });

    const other = await t.member();
    const [a, b] = await Promise.all([
      other.client.call(coursesEndpoints.enroll, { params: { id: ids.grace } }),
      other.client.call(coursesEndpoints.enroll, { params: { id: ids.grace } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);

    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, ids.grace!));
    const [{ count } = { count: -1 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.courseId, ids.grace!));
    expect(row!.enrolledCount).toBe(2);
    expect(count).toBe(2);

    const list = await member.client.call(coursesEndpoints.list, { query: { status: "active" } });
    expect(list.body.find((c) => c.id === ids.grace)!.enrolledCount).toBe(2);
    const mine = await member.client.call(coursesEndpoints.enrollments);
    expect(mine.body).toEqual([{ courseId: ids.grace }]);
    const stranger = await t.member();
    expect((await stranger.client.call(coursesEndpoints.enrollments)).body).toEqual([]);
  });

  it("accepts only active courses", async () => {
    const soon = await member.client.call(coursesEndpoints.enroll, { params: { id: ids.prophecy } });
    expect(soon.status).toBe(409);
    expect(soon.body.message).toBe("This course is not open for enrollment yet.");
    const archived = await member.client.call(coursesEndpoints.enroll, { params: { id: ids.retired } });
    expect(archived.status).toBe(404);
    expect(archived.body.message).toBe("Course not found");
    expect((await member.client.call(coursesEndpoints.enroll, { params: { id: 999999 } })).status).toBe(404);
    expect((await member.client.call(coursesEndpoints.enroll, { params: { id: "abc" } })).status).toBe(400);
  });
});

describe("notify me when ready", () => {
  it("records her interest once and the admin sees the count", async () => {
    const first = await member.client.call(coursesEndpoints.notify, { params: { id: ids.prophecy } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ courseId: ids.prophecy });
    expect((await member.client.call(coursesEndpoints.notify, { params: { id: ids.prophecy } })).status).toBe(
      200,
    );
    expect((await member.client.call(coursesEndpoints.interests)).body).toEqual([{ courseId: ids.prophecy }]);

    const adminList = await admin.client.call(coursesEndpoints.adminList);
    expect(adminList.body.find((c) => c.id === ids.prophecy)!.interestCount).toBe(1);
  });

  it("is only for courses that are not open yet", async () => {
    const open = await member.client.call(coursesEndpoints.notify, { params: { id: ids.grace } });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe("This course is already available. You can enroll now.");
    expect((await member.client.call(coursesEndpoints.notify, { params: { id: ids.retired } })).status).toBe(
      404,
    );
  });
});

describe("managing courses", () => {
  it("lists every course for the admin, archived ones included, with counts", async () => {
    const res = await admin.client.call(coursesEndpoints.adminList);
    expect(res.status).toBe(200);
    expect(res.body.map((c) => [c.title, c.status])).toEqual([
      ["Retired study", "archived"],
      ["Prophecy Without Fear", "coming_soon"],
      ["Feasts of the Lord", "active"],
      ["Foundations of Grace", "active"],
    ]);
    const grace = res.body.find((c) => c.id === ids.grace)!;
    expect(grace).toMatchObject({ enrolledCount: 2, interestCount: 0 });
    expect(typeof grace.createdAt).toBe("string");
  });

  it("creates a course from form-style input and records it", async () => {
    const res = await admin.client.call(coursesEndpoints.adminCreate, {
      body: {
        title: "  Women of the Bible  ",
        description: "Twelve women whose faith shaped redemption.",
        shortDescription: "",
        estimatedDuration: " 8 weeks ",
        price: "$19.99",
        courseUrl: "",
        tags: " Womanhood, Courage ,, womanhood",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Women of the Bible",
      status: "coming_soon",
      shortDescription: null,
      estimatedDuration: "8 weeks",
      price: 19.99,
      courseUrl: null,
      tags: ["Womanhood", "Courage"],
      enrolledCount: 0,
      interestCount: 0,
    });
    const added = await t.database.db
      .select({ params: activityLog.params })
      .from(activityLog)
      .where(eq(activityLog.kind, "course_added"));
    expect(added.map((a) => a.params)).toContainEqual({ title: "Women of the Bible" });
  });

  it("rejects invalid courses with the form's messages", async () => {
    const cases: Array<[Partial<CourseBody>, string, string]> = [
      [{ title: "   " }, "title", "Title is required"],
      [{ description: "Too short" }, "description", "Description must be at least 10 characters"],
      [{ price: -5 }, "price", "Price must be a dollar amount of 0 or more"],
      [{ price: "ten dollars" }, "price", "Price must be a dollar amount of 0 or more"],
      [{ courseUrl: "javascript:alert(1)" }, "courseUrl", "Must be a valid URL (starting with https://)"],
      [{ courseUrl: "not a url" }, "courseUrl", "Must be a valid URL (starting with https://)"],
      [{ status: invalid("draft") }, "status", "Choose a status"],
    ];
    for (const [override, field, message] of cases) {
      const res = await admin.client.call(coursesEndpoints.adminCreate, { body: newCourse(override) });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors?.[field]).toBe(message);
    }
    const missing = await admin.client.call(coursesEndpoints.adminCreate, { body: invalid({}) });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.title).toBe("Title is required");
  });

  it("edits a course, field by field", async () => {
    const res = await admin.client.call(coursesEndpoints.adminEdit, {
      params: { id: ids.feasts },
      body: { price: 25, courseUrl: "https://learn.example.org/feasts", tags: ["Feasts"] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Feasts of the Lord",
      price: 25,
      courseUrl: "https://learn.example.org/feasts",
      tags: ["Feasts"],
    });
    const cleared = await admin.client.call(coursesEndpoints.adminEdit, {
      params: { id: ids.feasts },
      body: { price: null },
    });
    expect(cleared.body.price).toBeNull();
    expect(cleared.body.courseUrl).toBe("https://learn.example.org/feasts");

    const empty = await admin.client.call(coursesEndpoints.adminEdit, {
      params: { id: ids.feasts },
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Nothing to update");
    const bad = await admin.client.call(coursesEndpoints.adminEdit, {
      params: { id: ids.feasts },
      body: { description: "short" },
    });
    expect(bad.body.message).toBe("Description must be at least 10 characters");
    expect(
      (await admin.client.call(coursesEndpoints.adminEdit, { params: { id: 999999 }, body: { price: 1 } }))
        .status,
    ).toBe(404);
  });

  it("archives a course: it leaves the member list, enrolments stay; and can bring it back", async () => {
    const res = await admin.client.call(coursesEndpoints.adminEdit, {
      params: { id: ids.grace },
      body: { status: "archived" },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("archived");
    const list = await member.client.call(coursesEndpoints.list);
    expect(list.body.map((c) => c.id)).not.toContain(ids.grace);
    expect((await member.client.call(coursesEndpoints.enrollments)).body).toEqual([{ courseId: ids.grace }]);

    await admin.client.call(coursesEndpoints.adminEdit, {
      params: { id: ids.grace },
      body: { status: "active" },
    });
    const back = await member.client.call(coursesEndpoints.list);
    expect(back.body.find((c) => c.id === ids.grace)!.enrolledCount).toBe(2);
  });

  it("answers 401 to visitors and 403 to members", async () => {
    const calls = [
      (c: TestClient) => c.call(coursesEndpoints.adminList),
      (c: TestClient) => c.call(coursesEndpoints.adminCreate, { body: newCourse() }),
      (c: TestClient) =>
        c.call(coursesEndpoints.adminEdit, { params: { id: ids.feasts }, body: { status: "archived" } }),
    ];
    for (const call of calls) {
      expect((await call(t.visitor())).status).toBe(401);
      const res = await call(member.client);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You don't have permission to access the admin dashboard.");
    }
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, ids.feasts!));
    expect(row!.status).toBe("active");
  });
});
