import { type APIRequestContext, type Page, request } from "@playwright/test";
import { DEMO_ADMIN } from "./support/demo";
import { anotherBrowser, expect, expectAccessible, registerMember, test } from "./support/fixtures";
import { stubYouTube } from "./support/youtube";

/** The demo administrator, through the API: she writes the course the member works through. */
async function asAdministrator() {
  const baseURL = test.info().project.use.baseURL!;
  const admin = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin },
  });
  const res = await admin.post("/api/auth/login", { data: DEMO_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return admin;
}

let keys = 0;
async function create<T>(admin: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await admin.post(url, {
    data,
    headers: { "Idempotency-Key": `lessons-${Date.now()}-${keys++}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("lessons", () => {
  test("a member works through a course's lessons, from enrolling to her certificate", async ({
    page,
    browser,
  }) => {
    const admin = await asAdministrator();
    const title = `Walking in the Spirit ${Date.now()}`;
    const course = await create<{ id: number }>(admin, "/api/admin/courses", {
      title,
      description: "Four short lessons on keeping in step with the Spirit.",
      status: "active",
    });
    const week1 = await create<{ id: number }>(admin, `/api/admin/courses/${course.id}/modules`, {
      title: "Week 1: Keeping in step",
    });
    await create(admin, `/api/admin/modules/${week1.id}/lessons`, {
      title: "The fruit of the Spirit",
      kind: "reading",
      body: "## Love, joy, peace\n\n> But the fruit of the Spirit is love, joy, peace.\n> (Galatians 5:22)\n\n- Love\n- Joy",
    });
    await create(admin, `/api/admin/modules/${week1.id}/lessons`, {
      title: "Your reflection",
      kind: "reflection",
      prompt: "Which fruit would you most like to grow this season?",
    });
    await create(admin, `/api/admin/modules/${week1.id}/lessons`, {
      title: "A short quiz",
      kind: "quiz",
      quiz: [
        { question: "Who wrote to the Galatians?", choices: ["Peter", "Paul"], answer: 1 },
        { question: "How many fruits does Galatians 5 name?", choices: ["Seven", "Nine"], answer: 1 },
      ],
    });
    const week2 = await create<{ id: number }>(admin, `/api/admin/courses/${course.id}/modules`, {
      title: "Week 2: Walking on",
    });
    const later = await create<{ id: number }>(admin, `/api/admin/modules/${week2.id}/lessons`, {
      title: "Walking on together",
      kind: "reading",
      body: "Keep in step, together.",
      rule: { kind: "on_date", date: "2030-03-01" },
    });

    const member = await registerMember(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/courses");
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // Not enrolled: the outline's titles, and the way in.
    await expect(page.getByText("The fruit of the Spirit")).toBeVisible();
    await expect(page.getByRole("link", { name: /The fruit of the Spirit/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Enroll Now" }).click();
    await expect(page.getByText("Enrolled Successfully", { exact: true })).toBeVisible();
    await expect(page.getByText("0% complete")).toBeVisible();
    await expect(page.getByText("Opens on March 1, 2030")).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    // A reading, marked done.
    await page.getByRole("link", { name: "Start the course" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "The fruit of the Spirit" })).toBeVisible();
    await expect(page.locator("blockquote")).toContainText("the fruit of the Spirit is love");
    await page.getByRole("button", { name: "Mark as done" }).click();
    await expect(page.getByText("You finished this reading.")).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    // A reflection, saved and kept.
    await page.getByRole("link", { name: "Next lesson" }).click();
    const reflection = page.getByLabel("Which fruit would you most like to grow this season?");
    await reflection.fill("Patience, with my children and with myself.");
    await page.getByRole("button", { name: "Save reflection" }).click();
    await expect(page.getByText("Reflection saved", { exact: true })).toBeVisible();
    await page.reload();
    await expect(reflection).toHaveValue("Patience, with my children and with myself.");

    // A quiz: not passed, then passed.
    await page.getByRole("link", { name: "Next lesson" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "A short quiz" })).toBeVisible();
    const first = page.getByRole("group", { name: /Who wrote to the Galatians/ });
    const second = page.getByRole("group", { name: /How many fruits/ });
    await first.getByLabel("Paul").check();
    await second.getByLabel("Seven").check();
    await page.getByRole("button", { name: "Check my answers" }).click();
    await expect(page.getByText("You scored 50%: not passed yet")).toBeVisible();
    await expect(page.getByText(/The pass mark is 80%/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await first.getByLabel("Paul").check();
    await second.getByLabel("Nine").check();
    await page.getByRole("button", { name: "Check my answers" }).click();
    await expect(page.getByText("You scored 100%: passed")).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Her progress moved; the last lesson waits for its date.
    await page.getByRole("link", { name: "Back to the course" }).first().click();
    await expect(page.getByText("75% complete")).toBeVisible();
    await expect(page.getByText("Opens on March 1, 2030")).toBeVisible();
    const closed = await page.request.get(`/api/lessons/${later.id}`);
    expect(closed.status()).toBe(403);

    // The administrator opens it now; she finishes it, and the course.
    const opened = await admin.patch(`/api/admin/lessons/${later.id}`, {
      data: { rule: { kind: "immediate" } },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    await page.reload();
    await page.getByRole("link", { name: "Continue with lesson 4" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Walking on together" })).toBeVisible();
    await page.getByRole("button", { name: "Mark as done" }).click();
    await expect(page.getByText("You finished this reading.")).toBeVisible();
    await page.getByRole("link", { name: "Back to the course" }).last().click();
    await expect(page.getByText("100% complete")).toBeVisible();
    await expect(page.getByRole("heading", { name: `You finished ${title}!` })).toBeVisible();

    // Her certificate: her name, the course, the way to download it, and hers to hide.
    await page.getByRole("link", { name: "View certificate" }).click();
    const certificate = page.getByRole("region", { name: "Certificate of completion" });
    await expect(certificate.getByText(`${member.firstName} ${member.lastName}`)).toBeVisible();
    await expect(certificate.getByText(title)).toBeVisible();
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", /\/pdf$/);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    const address = page.url();

    // Anyone holding the link sees it.
    const visitor = await anotherBrowser(browser);
    await visitor.page.goto(address);
    await expect(
      visitor.page.getByRole("region", { name: "Certificate of completion" }).getByText(title),
    ).toBeVisible();
    await expectAccessible(visitor.page);
    expect(visitor.errors).toEqual([]);

    // Until she hides it.
    await page.getByRole("switch", { name: "Show to others" }).click();
    await expect(page.getByText("Hidden from others", { exact: true })).toBeVisible();
    await visitor.page.reload();
    await expect(visitor.page.getByRole("heading", { name: "Certificate not found" })).toBeVisible();
    await visitor.context.close();
    await admin.dispose();
  });
});

test.describe("a lesson she cannot open yet", () => {
  // The lesson's address answers 403, which the browser logs as it loads it.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test("says calmly when it opens, or that she has not enrolled, with the way back", async ({ page }) => {
    const admin = await asAdministrator();
    const title = `Psalms of Ascent ${Date.now()}`;
    const course = await create<{ id: number }>(admin, "/api/admin/courses", {
      title,
      description: "Songs for the road up to Jerusalem.",
      status: "active",
    });
    const week = await create<{ id: number }>(admin, `/api/admin/courses/${course.id}/modules`, {
      title: "The road up",
    });
    await create(admin, `/api/admin/modules/${week.id}/lessons`, {
      title: "A song for the road",
      kind: "reading",
      body: "Fifteen psalms, sung on the way up.",
      freePreview: true,
    });
    const lesson = await create<{ id: number }>(admin, `/api/admin/modules/${week.id}/lessons`, {
      title: "I will lift up my eyes",
      kind: "reading",
      body: "Psalm 121.",
      rule: { kind: "on_date", date: "2030-03-01" },
    });
    await admin.dispose();

    await registerMember(page);
    await page.setViewportSize({ width: 390, height: 844 });
    // Not enrolled: the free preview opens, the rest waits for her to enroll.
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByText("Free preview")).toBeVisible();
    await page.getByRole("link", { name: /A song for the road/ }).click();
    await expect(page.getByText("Fifteen psalms, sung on the way up.")).toBeVisible();
    // She reads it; enrolling is what lets her finish it.
    await expect(page.getByText("This lesson is a free preview.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as done" })).toHaveCount(0);
    await page.goto(`/lessons/${lesson.id}`);
    await expect(page.getByRole("heading", { name: "You're not enrolled in this course yet" })).toBeVisible();
    // Opened from its address, the way back still leads to its course.
    await expect(page.getByRole("link", { name: "See the course and enroll" })).toHaveAttribute(
      "href",
      `/courses/${course.id}`,
    );

    const origin = new URL(test.info().project.use.baseURL!).origin;
    const enrolled = await page.request.post(`/api/courses/${course.id}/enroll`, {
      headers: { Origin: origin },
    });
    expect(enrolled.status(), await enrolled.text()).toBeLessThan(300);
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByText("Opens on March 1, 2030")).toBeVisible();
    await page.goto(`/lessons/${lesson.id}`);
    await expect(page.getByRole("heading", { name: "This lesson isn't open yet" })).toBeVisible();
    await expect(page.getByText("It opens on March 1, 2030.")).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  });
});

test.describe("a video lesson", () => {
  test("plays the teaching and takes a note on it, as the video's own page does", async ({ page }) => {
    await stubYouTube(page);
    const admin = await asAdministrator();
    const [video] = (await (await admin.get("/api/videos?limit=1")).json()) as Array<{
      id: number;
      title: string;
    }>;
    expect(video, "the demo library has a video").toBeDefined();
    const course = await create<{ id: number }>(admin, "/api/admin/courses", {
      title: `Watching and praying ${Date.now()}`,
      description: "A teaching to watch, and a note to keep.",
      status: "active",
    });
    const week = await create<{ id: number }>(admin, `/api/admin/courses/${course.id}/modules`, {
      title: "Watch",
    });
    const lesson = await create<{ id: number }>(admin, `/api/admin/modules/${week.id}/lessons`, {
      title: "The teaching",
      kind: "video",
      videoId: video!.id,
    });
    await admin.dispose();

    await registerMember(page);
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const enrolled = await page.request.post(`/api/courses/${course.id}/enroll`, {
      headers: { Origin: origin },
    });
    expect(enrolled.status(), await enrolled.text()).toBeLessThan(300);

    await page.goto(`/lessons/${lesson.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "The teaching" })).toBeVisible();
    await page.getByRole("button", { name: "Take a note" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Note" });
    await expect(dialog.getByLabel("Video").locator("option:checked")).toHaveText(video!.title);
    await dialog.getByLabel("Note").fill("He sees me, in the wilderness too.");
    await dialog.getByRole("button", { name: "Save Note" }).click();
    await expect(page.getByText("Note created", { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
