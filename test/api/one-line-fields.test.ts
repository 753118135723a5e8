import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import { discipleshipEndpoints } from "../../src/core/discipleship/endpoints";
import { eventsEndpoints } from "../../src/core/events/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { localGroupsEndpoints } from "../../src/core/local-groups/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notesEndpoints } from "../../src/core/notes/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import {
  contextWithAdminAndMember,
  type Member,
  succeeded,
  TEST_PASSWORD,
  type TestContext,
} from "../support/app";
import { startGroup } from "../support/content";

const ONE_LINE = "Use letters, numbers and punctuation only, on one line.";

let t: TestContext;
let admin: Member;
let member: Member;
beforeAll(
  async () =>
    ({ t, admin, member } = await contextWithAdminAndMember({ firstName: "Naomi", lastName: "Levi" })),
);
afterAll(() => t.close());

/** What she hears of a refused field: the one-line rule, under that field. */
function refusedOnOneLine(res: { status: number; body: unknown }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ message: ONE_LINE, errors: { [field]: ONE_LINE } });
}

const register = (firstName: string, lastName = "Cohen") =>
  t.visitor().call(authEndpoints.register, {
    body: {
      email: `ruth.${Math.random().toString(36).slice(2)}@example.test`,
      password: TEST_PASSWORD,
      firstName,
      lastName,
    },
  });

describe("names", () => {
  it("refuses a first name with a line feed", async () => {
    refusedOnOneLine(await register("Ruth\nCohen"), "firstName");
  });

  it("refuses a last name with a carriage return, an escape, DEL or a C1 control", async () => {
    for (const lastName of ["Cohen\rLevi", "Cohen\u001b[31m", "Co\u007fhen", "Co\u0085hen", "Co\u009fhen"]) {
      refusedOnOneLine(await register("Ruth", lastName), "lastName");
    }
  });

  it("refuses a first name with a tab when she edits her profile, and keeps the name she had", async () => {
    refusedOnOneLine(
      await member.client.call(profileEndpoints.update, { body: { firstName: "Naomi\tBat-Sheva" } }),
      "firstName",
    );
    const profile = await succeeded(member.client.call(profileEndpoints.get));
    expect(profile.firstName).toBe("Naomi");
  });

  it("keeps names with accents, other scripts and a no-break space, and trims a line break at the end", async () => {
    const res = await register("Zoë Anne\u00a0Marie", "שרה\n");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ firstName: "Zoë Anne\u00a0Marie", lastName: "שרה" });
  });
});

describe("titles, names of groups and places", () => {
  const event = {
    title: "Shabbat dinner",
    startsAt: "2031-01-10T17:00:00Z",
    endsAt: "2031-01-10T20:00:00Z",
    timeZone: "Asia/Jerusalem",
  };

  it("refuses an event title with a tab", async () => {
    refusedOnOneLine(
      await admin.client.call(eventsEndpoints.create, { body: { ...event, title: "Shabbat\tdinner" } }),
      "title",
    );
  });

  it("refuses an event's place with a line break, when it is made and when it changes", async () => {
    refusedOnOneLine(
      await admin.client.call(eventsEndpoints.create, {
        body: { ...event, location: "12 Ha-Nevi'im St\nJerusalem" },
      }),
      "location",
    );
    const created = await succeeded(admin.client.call(eventsEndpoints.create, { body: event }));
    refusedOnOneLine(
      await admin.client.call(eventsEndpoints.update, {
        params: { id: created.id },
        body: { location: "Upstairs\r\nRoom 2" },
      }),
      "location",
    );
  });

  it("refuses a group's name with a line break, and keeps line breaks in its description", async () => {
    const group = {
      name: "Psalms at Dawn",
      description: "We read a psalm.\nThen we pray.\n\n\tAll are welcome.",
      category: "study" as const,
    };
    refusedOnOneLine(
      await member.client.call(groupsEndpoints.create, { body: { ...group, name: "Psalms\nat Dawn" } }),
      "name",
    );
    const created = await startGroup(member, group);
    expect(created.description).toBe(group.description);
  });

  it("refuses a local group's place, address, meeting time and contact with a control character", async () => {
    const local = {
      name: "Riverside Sisters",
      description: "A Bible study by the river on Tuesdays.",
      meetingType: "Bible Study" as const,
      location: "Riverside",
    };
    for (const [field, value] of [
      ["name", "Riverside\u0007Sisters"],
      ["location", "River\nside"],
      ["address", "1 Park\rRoad"],
      ["meetingTime", "Tuesdays\u000b7 pm"],
      ["contactInfo", "ruth@example.test\u001f"],
    ] as const) {
      refusedOnOneLine(
        await member.client.call(localGroupsEndpoints.create, { body: { ...local, [field]: value } }),
        field,
      );
    }
  });

  it("refuses a course's title, short description and duration with a line break", async () => {
    const course = { title: "Foundations", description: "The first steps of a life of faith." };
    for (const [field, value] of [
      ["title", "Foundations\nof faith"],
      ["shortDescription", "Six weeks\ttogether"],
      ["estimatedDuration", "6\nweeks"],
    ] as const) {
      refusedOnOneLine(
        await admin.client.call(coursesEndpoints.adminCreate, { body: { ...course, [field]: value } }),
        field,
      );
    }
  });

  it("refuses a video's title and a reflection prompt with a line break", async () => {
    const video = {
      title: "The Good Shepherd",
      description: "Psalm 23, line by line.",
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    };
    refusedOnOneLine(
      await admin.client.call(videosEndpoints.adminCreate, {
        body: { ...video, title: "The Good\nShepherd" },
      }),
      "title",
    );
    refusedOnOneLine(
      await admin.client.call(videosEndpoints.adminCreate, {
        body: { ...video, reflectionPrompts: ["Where did you\u0085hear His voice?"] },
      }),
      "reflectionPrompts.0",
    );
  });

  it("refuses a note's tag and a focus area with a control character", async () => {
    refusedOnOneLine(
      await member.client.call(notesEndpoints.create, { body: { content: "A note", tags: ["grace\tlaw"] } }),
      "tags.0",
    );
    refusedOnOneLine(
      await member.client.call(discipleshipEndpoints.submit, {
        body: { experienceLevel: "growing", focusAreas: ["prayer", "ho\u009bpe"] },
      }),
      "focusAreas.1",
    );
  });

  it("refuses a moderator's reason for a warning with a line break", async () => {
    const other = await t.member();
    refusedOnOneLine(
      await admin.client.call(moderationEndpoints.adminWarn, {
        params: { id: other.id },
        body: { reason: "Please be kind.\nThe moderators" },
      }),
      "reason",
    );
  });
});

describe("text of more than one line", () => {
  it("keeps line breaks in a prayer request", async () => {
    const content = "For my mother:\nher surgery on Tuesday.\r\n\n\tAnd for the doctors.";
    const shared = await succeeded(member.client.call(prayerEndpoints.share, { body: { content } }));
    expect(shared.content).toBe(content);
    const wall = await succeeded(member.client.call(prayerEndpoints.wall));
    expect(wall.find((r) => r.id === shared.id)?.content).toBe(content);
  });
});
