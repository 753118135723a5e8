import { beforeAll, describe, expect, it } from "vitest";
import { conversationEndpoints } from "../../src/core/conversation/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { messagesEndpoints } from "../../src/core/messages/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notesEndpoints } from "../../src/core/notes/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { searchEndpoints as api } from "../../src/core/search/endpoints";
import {
  SEARCH_KINDS,
  SEARCH_MARK_END,
  SEARCH_MARK_START,
  SEARCH_MESSAGES,
  type SearchKind,
  type SearchResult,
  splitHighlights,
  TITLED_SEARCH_KINDS,
} from "../../src/core/search/schemas";
import {
  articles,
  courseModules,
  courses,
  lessons,
  prayerRequests,
  videos,
} from "../../src/server/db/schema";
import { keepRecentRows, RANKED, RECENT_ROWS } from "../../src/server/features/search/queries";
import { contextForFile, expectRefused, invalid, type Member, succeeded } from "../support/app";
import { createEvent, openGroup, startGroup } from "../support/content";
import { makePatron } from "../support/patrons";

const t = contextForFile();

/** A member of long standing: the first-day limits no longer apply to her. */
async function settled(firstName: string) {
  const m = await t.member({ firstName });
  await t.database.pool.query("update users set created_at = now() - interval '40 days' where id = $1", [
    m.id,
  ]);
  return m;
}

const search = (who: Member, q: string, more: { kind?: SearchKind; limit?: number; before?: string } = {}) =>
  succeeded(who.client.call(api.search, { query: { q, ...more } }));

const suggest = (who: Member, q: string) => succeeded(who.client.call(api.suggest, { query: { q } }));

/** The results of a kind, as "kind:id". */
const found = (results: SearchResult[], kind?: SearchKind) =>
  results.filter((r) => !kind || r.kind === kind).map((r) => `${r.kind}:${r.id}`);

/** The words a snippet highlights. */
const marked = (snippet: string) =>
  splitHighlights(snippet)
    .filter((p) => p.marked)
    .map((p) => p.text);

const share = async (
  who: Member,
  content: string,
  flags: { isPrivate?: boolean; isAnonymous?: boolean } = {},
) => (await succeeded(who.client.call(prayerEndpoints.share, { body: { content, ...flags } }))).id;

let ruth: Member;
let hannah: Member;
let miriam: Member;
let patron: Member;
let admin: Member;
const ids: Record<string, number> = {};

beforeAll(async () => {
  admin = await t.admin();
  ruth = await settled("Ruth");
  hannah = await settled("Hannah");
  miriam = await settled("Miriam");
  patron = await settled("Lydia");
  await makePatron(t, patron);
  const db = t.database.db;

  const teaching = await db
    .insert(videos)
    .values([
      { title: "The Power of Forgiveness", description: "Walking in prayer every day, as Joseph forgave." },
      { title: "שלום לכם", description: "וְשָׁלוֹם עַל־יִשְׂרָאֵל, ובבית הכנסת ובכל הבית." },
      {
        title: "Hidden Manna",
        description: "The zeruiah treasure is for patrons alone.",
        patronOnly: true,
      },
    ])
    .returning({ id: videos.id });
  ids.forgiveness = teaching[0]!.id;
  ids.shalom = teaching[1]!.id;
  ids.manna = teaching[2]!.id;
  const [article] = await db
    .insert(articles)
    .values({ guid: "search-1", title: "Sukkot in the wilderness", excerpt: "Booths, tabernacles and joy." })
    .returning({ id: articles.id });
  ids.article = article!.id;
  const [course] = await db
    .insert(courses)
    .values({
      title: "Feasts of the Lord",
      description: "The appointed times, one by one.",
      status: "active",
    })
    .returning({ id: courses.id });
  ids.course = course!.id;
  const [module] = await db
    .insert(courseModules)
    .values({ courseId: ids.course, title: "Spring", position: 1 })
    .returning({ id: courseModules.id });
  const [lesson] = await db
    .insert(lessons)
    .values({
      courseId: ids.course,
      moduleId: module!.id,
      position: 1,
      title: "Passover lamb",
      kind: "reading",
    })
    .returning({ id: lessons.id });
  ids.lesson = lesson!.id;

  // Ruth's private group, with its conversation and an event; Miriam shares an open group with Ruth.
  const privateGroup = await startGroup(ruth, { name: "Wall builders", description: "We read Nehemiah." });
  ids.privateGroup = privateGroup.id;
  ids.post = (
    await succeeded(
      ruth.client.call(conversationEndpoints.postInCultivationGroup, {
        params: { id: privateGroup.id },
        body: { kind: "discussion", body: "Rebuilding the gates with trowel and sword" },
      }),
    )
  ).id;
  ids.event = (
    await createEvent(ruth, {
      title: "Trowel evening",
      description: "Bring mortar.",
      groupId: privateGroup.id,
    })
  ).id;
  const open = await openGroup(ruth);
  await succeeded(miriam.client.call(groupsEndpoints.join, { params: { id: open.id }, body: {} }));
  const started = await ruth.client.call(messagesEndpoints.start, {
    body: { memberId: miriam.id, body: "The olive harvest in Galilee was plentiful" },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  ids.conversation = (started.body as { id: number }).id;
  ids.message = (
    await t.database.pool.query<{ id: number }>("select id from direct_messages where conversation_id = $1", [
      ids.conversation,
    ])
  ).rows[0]!.id;

  ids.privatePrayer = await share(ruth, "Please pray for my sister's kidney surgery", { isPrivate: true });
  ids.anonymousPrayer = await share(hannah, "Pray for courage before the tribunal", { isAnonymous: true });
  ids.note = (
    await succeeded(
      ruth.client.call(notesEndpoints.create, {
        body: { videoId: ids.forgiveness, content: "Forgiveness unshackles the forgiver", timestamp: 134 },
      }),
    )
  ).id;
});

describe("a kind with more rows than a search reads first", () => {
  it("ranks a common word among the newest rows, and still finds a rare one among the oldest", async () => {
    const many = RECENT_ROWS + 100;
    await t.database.pool.query(
      `insert into articles (guid, title, excerpt, published_at)
       select 'tribe-' || g, 'Tribe ' || g, 'Naphtali portion ' || g, now() - g * interval '1 minute'
       from generate_series(1, $1::int) g`,
      [many],
    );
    await t.database.pool.query(
      `insert into articles (guid, title, excerpt, published_at)
       values ('oldest', 'The oldest portion', 'Naphtali and the Asherite families', now() - interval '1 year')`,
    );
    // The upkeep sets the newest rows apart, as it does every few minutes: the oldest is read only
    // when the newest hold too few matches.
    expect(await keepRecentRows(t.database.db)).toBeGreaterThan(0);
    const newest = async () =>
      (
        await t.database.pool.query<{ newest: number; oldest: boolean }>(
          `select count(*) filter (where s.recent)::int as newest,
             bool_or(s.recent) filter (where a.guid = 'oldest') as oldest
           from search_items s left join articles a on s.source = 'articles' and a.id = s.source_id
           where s.kind = 'article'`,
        )
      ).rows[0]!;
    expect(await newest()).toEqual({ newest: RECENT_ROWS, oldest: false });
    expect(found(await search(ruth, "asherite"))).toHaveLength(1);
    /** Every article a search for "naphtali" ranks, page after page. */
    const ranked = async () => {
      const seen = new Set<number>();
      let before: string | undefined;
      for (;;) {
        const page = await search(ruth, "naphtali", {
          kind: "article",
          limit: 50,
          ...(before ? { before } : {}),
        });
        for (const r of page) seen.add(r.id);
        if (page.length < 50) return seen;
        before = page.at(-1)!.cursor;
      }
    };
    const seen = await ranked();
    expect(seen.size).toBe(RANKED);
    const { rows } = await t.database.pool.query<{ id: number }>(
      "select id from articles where guid like 'tribe-%' order by published_at desc limit $1",
      [RANKED],
    );
    expect(seen).toEqual(new Set(rows.map((r) => r.id)));
    expect(found(await search(ruth, "naphtali"), "article")).toHaveLength(5);
    // An item whose date moves forward joins the newest at the upkeep's next run, and is ranked there.
    await t.database.pool.query(
      "update articles set published_at = now() + interval '1 minute' where guid = 'oldest'",
    );
    await keepRecentRows(t.database.db);
    expect(await newest()).toEqual({ newest: RECENT_ROWS, oldest: true });
    const oldest = (
      await t.database.pool.query<{ id: number }>("select id from articles where guid = 'oldest'")
    ).rows[0]!.id;
    expect(seen.has(oldest)).toBe(false);
    const now = await ranked();
    expect(now.size).toBe(RANKED);
    expect(now.has(oldest)).toBe(true);
    await t.database.pool.query("delete from articles where guid like 'tribe-%' or guid = 'oldest'");
    expect(await search(ruth, "naphtali")).toEqual([]);
  });

  it("shows each match once when a kind's newest rows hold only a few of its matches", async () => {
    // Two matches among the newest rows, ten older than all of them: the two alone are too few, so
    // the whole kind is ranked, and the two are not counted twice.
    await t.database.pool.query(
      `insert into articles (guid, title, excerpt, published_at)
       select 'gad-new-' || g, 'Gad ' || g, 'Zebulun by the sea ' || g, now() - g * interval '1 minute'
       from generate_series(1, 2) g
       union all
       select 'gad-filler-' || g, 'Filler ' || g, 'Issachar between the sheepfolds', now() - (g + 2) * interval '1 minute'
       from generate_series(1, $1::int) g
       union all
       select 'gad-old-' || g, 'Gad of old ' || g, 'Zebulun of old ' || g, now() - interval '1 year' - g * interval '1 minute'
       from generate_series(1, 10) g`,
      [RECENT_ROWS],
    );
    // The upkeep sets the newest rows apart, as it does every few minutes.
    await keepRecentRows(t.database.db);
    const page = await search(ruth, "zebulun", { kind: "article", limit: 50 });
    expect(page).toHaveLength(12);
    expect(new Set(page.map((r) => r.id)).size).toBe(12);
    const grouped = found(await search(ruth, "zebulun"), "article");
    expect(grouped).toHaveLength(5);
    expect(new Set(grouped).size).toBe(5);
    await t.database.pool.query("delete from articles where guid like 'gad-%'");
  });

  it("sets the newest rows apart in one instance at a time, without waiting for a row a writer holds", async () => {
    await t.database.pool.query(
      `insert into articles (guid, title, excerpt, published_at)
       select 'asher-' || g, 'Asher ' || g, 'Olive oil ' || g, now() - g * interval '1 minute'
       from generate_series(1, $1::int) g`,
      [RECENT_ROWS + 3],
    );
    const writer = await t.database.pool.connect();
    try {
      // Another instance's upkeep, under way: this one finds it busy and moves nothing.
      await writer.query("begin");
      await writer.query("select search_keep_recent($1)", [RECENT_ROWS]);
      expect(await keepRecentRows(t.database.db)).toBe(0);
      await writer.query("rollback");
      // A member's change holds one of the rows to move: the upkeep moves the others and leaves it.
      await writer.query("begin");
      await writer.query(
        `select 1 from search_items s join articles a on s.source = 'articles' and a.id = s.source_id
         where a.guid = 'asher-${RECENT_ROWS + 3}' for update of s`,
      );
      expect(await keepRecentRows(t.database.db)).toBeGreaterThan(0);
      const held = `select s.recent from search_items s join articles a on s.source = 'articles' and a.id = s.source_id
        where a.guid = 'asher-${RECENT_ROWS + 3}'`;
      expect((await t.database.pool.query(held)).rows).toEqual([{ recent: true }]);
      await writer.query("commit");
      expect(await keepRecentRows(t.database.db)).toBe(1);
      expect((await t.database.pool.query(held)).rows).toEqual([{ recent: false }]);
    } finally {
      await writer.query("rollback").catch(() => {});
      writer.release();
    }
    await t.database.pool.query("delete from articles where guid like 'asher-%'");
  });
});

describe("who may search", () => {
  it("answers 401 to visitors before reading what they sent", async () => {
    const visitor = t.visitor();
    for (const res of await Promise.all([
      visitor.call(api.search, { query: { q: "prayer" } }),
      visitor.call(api.suggest, { query: { q: "pr" } }),
      visitor.call(api.search, { query: { q: invalid("") } }),
    ])) {
      expectRefused(res, 401, "Unauthorized");
    }
  });

  it("says what is wrong with an empty, short or over-long query, a bad kind, limit or cursor", async () => {
    const call = (query: Record<string, unknown>) => ruth.client.call(api.search, { query: invalid(query) });
    expectRefused(await call({}), 400, SEARCH_MESSAGES.tooShort);
    expectRefused(await call({ q: "" }), 400, SEARCH_MESSAGES.tooShort);
    expectRefused(await call({ q: "   a   " }), 400, SEARCH_MESSAGES.tooShort);
    expectRefused(await call({ q: "x".repeat(201) }), 400, SEARCH_MESSAGES.tooLong);
    expectRefused(
      await ruth.client.call(api.suggest, { query: invalid({ q: "a" }) }),
      400,
      SEARCH_MESSAGES.tooShort,
    );
    expectRefused(await call({ q: "prayer", kind: "sermon" }), 400);
    expectRefused(await call({ q: "prayer", limit: 0 }), 400);
    expectRefused(await call({ q: "prayer", limit: 51 }), 400);
    for (const before of [
      "nonsense",
      "dzox",
      Buffer.from("w:abc:1:2").toString("base64url"),
      "x".repeat(201),
    ]) {
      expectRefused(await call({ q: "prayer", kind: "prayer", before }), 400, SEARCH_MESSAGES.staleCursor);
    }
    expect((await search(ruth, "x".repeat(200))).length).toBe(0);
  });
});

describe("English", () => {
  it("stems: prayers finds prayer, walking finds walk, forgave finds nothing it should not", async () => {
    expect(found(await search(hannah, "prayers"), "teaching")).toContain(`teaching:${ids.forgiveness}`);
    expect(found(await search(hannah, "walks"), "teaching")).toEqual([`teaching:${ids.forgiveness}`]);
  });

  it("takes the words in any order, a phrase in quotes, and -word to leave out", async () => {
    expect(found(await search(hannah, "forgiveness power"))).toContain(`teaching:${ids.forgiveness}`);
    expect(found(await search(hannah, '"power of forgiveness"'))).toContain(`teaching:${ids.forgiveness}`);
    expect(found(await search(hannah, '"forgiveness power"'), "teaching")).toEqual([]);
    expect(found(await search(hannah, "forgiveness -joseph"), "teaching")).toEqual([]);
    // A query that says how its words go together is taken at its word: no likely titles instead.
    expect(await search(hannah, '"forgiveness power"')).toEqual([]);
    expect(found(await search(hannah, "forgiveness -sukkot"), "teaching")).toEqual([
      `teaching:${ids.forgiveness}`,
    ]);
  });

  it("finds a teaching despite a small typo, by its title's likeness, when the words match nothing", async () => {
    const results = await search(hannah, "forgivness");
    expect(found(results)).toEqual([`teaching:${ids.forgiveness}`]);
    expect(results[0]!.title).toBe("The Power of Forgiveness");
  });

  it("highlights the words in the snippet between the marks, and keeps the title plain", async () => {
    const [result] = await search(hannah, "walking", { kind: "teaching" });
    expect(result).toMatchObject({
      kind: "teaching",
      id: ids.forgiveness,
      title: "The Power of Forgiveness",
      url: `/video/${ids.forgiveness}`,
      patronOnly: false,
    });
    expect(marked(result!.snippet)).toEqual(["Walking"]);
    expect(result!.snippet.replaceAll(SEARCH_MARK_START, "").replaceAll(SEARCH_MARK_END, "")).toBe(
      "Walking in prayer every day, as Joseph forgave.",
    );
  });

  it("shows thirty words of a long text, from a few words before the passage that holds her words, and says where it was cut", async () => {
    const words = (name: string) => Array.from({ length: 40 }, (_, i) => `${name}${i}`).join(" ");
    await share(
      hannah,
      `${words("before")} Her kestrels' morning song came, and the kestrels flew home.\n\n${words("after")}`,
    );
    const [result] = await search(ruth, "kestrel", { kind: "prayer" });
    expect(marked(result!.snippet)).toEqual(["kestrels", "kestrels"]);
    expect(result!.snippet.replaceAll(SEARCH_MARK_START, "").replaceAll(SEARCH_MARK_END, "")).toBe(
      `… before37 before38 before39 Her kestrels' morning song came, and the kestrels flew home. ${words("after").split(" ").slice(0, 17).join(" ")} …`,
    );
  });

  it("never lets a member's own text forge a highlight", async () => {
    await share(hannah, `Marked ${SEARCH_MARK_START}forged${SEARCH_MARK_END} words about bluebells`);
    const [result] = await search(ruth, "bluebells", { kind: "prayer" });
    expect(marked(result!.snippet)).toEqual(["bluebells"]);
    expect(result!.title).not.toContain(SEARCH_MARK_START);
  });
});

describe("Hebrew", () => {
  it("ignores vowel points and cantillation: שלום finds וְשָׁלוֹם, and a pointed query finds plain words", async () => {
    const results = await search(hannah, "שלום", { kind: "teaching" });
    expect(found(results)).toEqual([`teaching:${ids.shalom}`]);
    expect(found(await search(hannah, "הַכְּנֶ֫סֶת"), "teaching")).toEqual([`teaching:${ids.shalom}`]);
  });

  it("reads the maqaf as a space", async () => {
    expect(found(await search(hannah, "ישראל"), "teaching")).toEqual([`teaching:${ids.shalom}`]);
  });

  it("takes final letters as their ordinary forms", async () => {
    expect(found(await search(hannah, "לכמ"), "teaching")).toEqual([`teaching:${ids.shalom}`]);
    expect(found(await search(hannah, "כנסת"), "teaching")).toEqual([`teaching:${ids.shalom}`]);
  });

  it("finds a word behind its one- and two-letter prefixes: בית finds ובבית and הבית", async () => {
    const [result] = await search(hannah, "בית", { kind: "teaching" });
    expect(result?.id).toBe(ids.shalom);
    expect(marked(result!.snippet)).toEqual(["ובבית", "הבית"]);
    expect(found(await search(hannah, "כל"), "teaching")).toEqual([`teaching:${ids.shalom}`]);
  });

  it("shows a snippet's Hebrew words with their final letters", async () => {
    const [result] = await search(hannah, "שלום", { kind: "teaching" });
    expect(marked(result!.snippet)).toEqual(["ושלום"]);
    expect(result!.snippet).toContain("ישראל");
  });

  it("suggests Hebrew titles by the start of a word, behind a prefix too", async () => {
    expect((await suggest(hannah, "של")).map((s) => s.id)).toContain(ids.shalom);
    expect((await suggest(hannah, "לכ")).map((s) => s.id)).toContain(ids.shalom);
  });
});

describe("what each kind links to", () => {
  it("links each kind to its page, and a note to its moment in the video", async () => {
    expect((await search(ruth, "forgiveness unshackles", { kind: "note" }))[0]?.url).toBe(
      `/video/${ids.forgiveness}?t=134`,
    );
    expect((await search(ruth, "sukkot"))[0]).toMatchObject({
      kind: "article",
      url: `/articles#article-${ids.article}`,
    });
    expect((await search(ruth, "appointed times", { kind: "course" }))[0]?.url).toBe(
      `/courses/${ids.course}`,
    );
    expect((await search(ruth, "passover", { kind: "lesson" }))[0]?.url).toBe(`/lessons/${ids.lesson}`);
    expect((await search(ruth, "kidney", { kind: "prayer" }))[0]?.url).toBe(
      `/community#prayer-${ids.privatePrayer}`,
    );
    expect((await search(ruth, "Nehemiah", { kind: "group" }))[0]?.url).toBe(
      `/cultivation-groups/${ids.privateGroup}`,
    );
    expect((await search(ruth, "mortar", { kind: "event" }))[0]?.url).toBe(`/events/${ids.event}`);
    expect((await search(ruth, "trowel sword", { kind: "post" }))[0]?.url).toBe(`/group-posts/${ids.post}`);
    expect((await search(ruth, "olive harvest", { kind: "message" }))[0]?.url).toBe(
      `/messages/${ids.conversation}`,
    );
  });

  it("groups a search of every kind by kind, in the contract's order, each item with its date", async () => {
    const results = await search(ruth, "trowel");
    expect(found(results)).toEqual([`event:${ids.event}`, `post:${ids.post}`]);
    const order = results.map((r) => SEARCH_KINDS.indexOf(r.kind));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const r of results) expect(Number.isNaN(Date.parse(r.at))).toBe(false);
  });
});

describe("nothing she may not see", () => {
  it("keeps another member's private prayer from her, in results, suggestions and the grouping", async () => {
    expect(await search(hannah, "kidney surgery")).toEqual([]);
    expect(await suggest(hannah, "please pray for my sister")).toEqual([]);
    expect(found(await search(ruth, "kidney surgery"))).toEqual([`prayer:${ids.privatePrayer}`]);
    // The administrators see private requests, as on the wall.
    expect(found(await search(admin, "kidney surgery"))).toEqual([`prayer:${ids.privatePrayer}`]);
  });

  it("finds an anonymous request by its words, never by its author's name", async () => {
    expect(found(await search(ruth, "tribunal courage"))).toEqual([`prayer:${ids.anonymousPrayer}`]);
    expect(found(await search(ruth, "Hannah"), "prayer")).toEqual([]);
    const [result] = await search(ruth, "tribunal");
    expect(JSON.stringify(result)).not.toContain("Hannah");
  });

  it("keeps a group's conversation and a private group's event from those outside it", async () => {
    expect(await search(hannah, "trowel")).toEqual([]);
    expect(await search(hannah, "mortar")).toEqual([]);
    expect(await suggest(hannah, "trowel eve")).toEqual([]);
    expect((await suggest(ruth, "trowel eve")).map((r) => r.id)).toEqual([ids.event]);
    // Not even an administrator reads a group's conversation she is not in; she sees its event.
    expect(found(await search(admin, "trowel"))).toEqual([`event:${ids.event}`]);
  });

  it("keeps a message from everyone but its two members, the administrators included", async () => {
    expect(await search(hannah, "olive harvest")).toEqual([]);
    expect(await search(admin, "olive harvest")).toEqual([]);
    expect(found(await search(miriam, "olive harvest"))).toEqual([`message:${ids.message}`]);
  });

  it("keeps her notes hers", async () => {
    expect(await search(hannah, "unshackles")).toEqual([]);
    expect(await search(admin, "unshackles")).toEqual([]);
    expect(found(await search(ruth, "unshackles"))).toEqual([`note:${ids.note}`]);
  });

  it("finds patron teaching by its title only, marked and without a snippet, for one who is not a patron", async () => {
    expect(await search(hannah, "zeruiah treasure")).toEqual([]);
    const [locked] = await search(hannah, "manna");
    expect(locked).toMatchObject({
      kind: "teaching",
      id: ids.manna,
      title: "Hidden Manna",
      patronOnly: true,
      snippet: "",
    });
    const [open] = await search(patron, "zeruiah treasure");
    expect(open).toMatchObject({ id: ids.manna, patronOnly: false });
    expect(marked(open!.snippet)).toEqual(["zeruiah", "treasure"]);
    expect(found(await search(admin, "zeruiah"))).toEqual([`teaching:${ids.manna}`]);
  });

  it("hides the words of a member she blocked, and finds them again once she unblocks", async () => {
    const blocked = await share(miriam, "Pray for the vineyard keepers at harvest");
    expect(found(await search(hannah, "vineyard"))).toEqual([`prayer:${blocked}`]);
    await succeeded(hannah.client.call(moderationEndpoints.block, { body: { userId: miriam.id } }));
    expect(await search(hannah, "vineyard")).toEqual([]);
    expect(await suggest(hannah, "pray for the vineyard")).toEqual([]);
    expect(found(await search(ruth, "vineyard"))).toEqual([`prayer:${blocked}`]);
    await hannah.client.call(moderationEndpoints.unblock, { params: { userId: miriam.id } });
    expect(found(await search(hannah, "vineyard"))).toEqual([`prayer:${blocked}`]);
  });

  it("keeps hidden content from everyone but its author and the administrators", async () => {
    const hidden = await share(miriam, "Pray for the lighthouse keeper");
    await t.database.pool.query("update prayer_requests set hidden_at = now() where id = $1", [hidden]);
    expect(await search(hannah, "lighthouse")).toEqual([]);
    expect(await suggest(hannah, "lighthouse")).toEqual([]);
    expect(found(await search(miriam, "lighthouse"))).toEqual([`prayer:${hidden}`]);
    expect(found(await search(admin, "lighthouse"))).toEqual([`prayer:${hidden}`]);
  });

  it("keeps a suspended member's words from others while the suspension lasts", async () => {
    const sara = await settled("Sara");
    const id = await share(sara, "Pray for the shepherds of Bethlehem fields");
    await t.database.pool.query("update users set suspended_until = 'infinity' where id = $1", [sara.id]);
    expect(await search(hannah, "shepherds Bethlehem")).toEqual([]);
    await t.database.pool.query("update users set suspended_until = null where id = $1", [sara.id]);
    expect(found(await search(hannah, "shepherds Bethlehem"))).toEqual([`prayer:${id}`]);
  });

  it("leaves a closed group and an archived course out, with the course's lessons", async () => {
    await t.database.pool.query("update courses set status = 'archived' where id = $1", [ids.course]);
    expect(await search(ruth, "passover")).toEqual([]);
    expect(await search(ruth, "appointed times")).toEqual([]);
    await t.database.pool.query("update courses set status = 'active' where id = $1", [ids.course]);
    expect(found(await search(ruth, "passover"))).toEqual([`lesson:${ids.lesson}`]);
  });
});

describe("results follow every change at once", () => {
  it("finds the new words of an edited request and no longer the old ones, and nothing once it is deleted", async () => {
    const id = await share(hannah, "Pray for rain over the orchards");
    expect(found(await search(ruth, "orchards"))).toEqual([`prayer:${id}`]);
    await succeeded(
      hannah.client.call(moderationEndpoints.editPrayerRequest, {
        params: { id },
        body: { content: "Pray for sun over the meadows" },
      }),
    );
    expect(await search(ruth, "orchards")).toEqual([]);
    expect(found(await search(ruth, "meadows"))).toEqual([`prayer:${id}`]);
    const gone = await hannah.client.call(moderationEndpoints.deletePrayerRequest, { params: { id } });
    expect(gone.status).toBe(204);
    expect(await search(ruth, "meadows")).toEqual([]);
    expect(await suggest(ruth, "pray for sun")).toEqual([]);
  });

  it("follows a prayer made private, a post edited and deleted, a message deleted", async () => {
    const id = await share(hannah, "Pray for the beekeepers");
    expect(found(await search(ruth, "beekeepers"))).toEqual([`prayer:${id}`]);
    await t.database.pool.query("update prayer_requests set is_private = true where id = $1", [id]);
    expect(found(await search(ruth, "beekeepers"))).not.toContain(`prayer:${id}`);
    expect(found(await search(hannah, "beekeepers"))).toEqual([`prayer:${id}`]);

    const post = await succeeded(
      ruth.client.call(conversationEndpoints.postInCultivationGroup, {
        params: { id: ids.privateGroup },
        body: { kind: "discussion", body: "Lanterns for the night watch" },
      }),
    );
    await succeeded(
      ruth.client.call(conversationEndpoints.editPost, {
        params: { id: post.id },
        body: { body: "Torches for the night watch" },
      }),
    );
    expect(await search(ruth, "lanterns")).toEqual([]);
    expect(found(await search(ruth, "torches"))).toEqual([`post:${post.id}`]);
    const removed = await ruth.client.call(conversationEndpoints.removePost, {
      params: { id: post.id },
      body: {},
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(await search(ruth, "torches")).toEqual([]);

    const message = await succeeded(
      miriam.client.call(messagesEndpoints.send, {
        params: { id: ids.conversation },
        body: { body: "Figs are ripe" },
      }),
    );
    expect(found(await search(ruth, "figs ripe"))).toEqual([`message:${message.id}`]);
    const deleted = await miriam.client.call(messagesEndpoints.remove, { params: { id: message.id } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await search(ruth, "figs ripe")).toEqual([]);
  });

  it("finds every row one statement writes, and none once one statement deletes them", async () => {
    const written = await t.database.db
      .insert(prayerRequests)
      .values(
        ["olive harvest", "olive press", "olive branch"].map((words) => ({
          userId: ruth.id,
          content: `Please pray for the ${words} this autumn`,
        })),
      )
      .returning({ id: prayerRequests.id });
    expect(found(await search(hannah, "olive autumn"), "prayer").sort()).toEqual(
      written.map((r) => `prayer:${r.id}`).sort(),
    );
    await t.database.pool.query("delete from prayer_requests where id = any($1::int[])", [
      written.map((r) => r.id),
    ]);
    expect(await search(hannah, "olive autumn")).toEqual([]);
  });

  it("rebuilds the same table from the sources", async () => {
    const columns =
      "source, source_id, kind, title, body, at, user_id, hidden_at, is_private, is_anonymous, group_kind, group_id, created_by, conversation_id, video_id, seconds, patron_only, vector::text, title_vector::text, title_trigrams";
    const read = async () =>
      (await t.database.pool.query(`select ${columns} from search_items order by source, source_id`)).rows;
    const before = await read();
    expect(before.length).toBeGreaterThan(10);
    await t.database.pool.query("select search_reindex()");
    expect(await read()).toEqual(before);
  });

  it("keeps a long teaching's words as they are, so ranking it reads them without undoing compression", async () => {
    const sentence = "Sarah laughed at the promise, and the promise came in its season. ";
    const [long] = await t.database.db
      .insert(videos)
      .values({ title: "Sarah's Laughter", description: sentence.repeat(40) })
      .returning({ id: videos.id });
    const {
      rows: [row],
    } = await t.database.pool.query(
      `select pg_column_compression(vector) as vector, pg_column_compression(body) as body, octet_length(body) as length
       from search_items where source = 'videos' and source_id = $1`,
      [long!.id],
    );
    // Over 2 KB, which PostgreSQL compresses by default.
    expect(row.length).toBeGreaterThan(2500);
    expect(row).toMatchObject({ vector: null, body: null });
    expect(found(await search(ruth, "sarah laughed"), "teaching")).toContain(`teaching:${long!.id}`);
  });
});

describe("pages of one kind", () => {
  it("continues with `before` from where the page stopped, best first, without repeats", async () => {
    const made: number[] = [];
    for (let i = 0; i < 7; i += 1)
      made.push(await share(miriam, `Jubilee ${"jubilee ".repeat(i % 3)}year ${i}`));
    const seen: number[] = [];
    let before: string | undefined;
    for (let page = 0; page < 4; page += 1) {
      const results = await search(hannah, "jubilee", {
        kind: "prayer",
        limit: 3,
        ...(before ? { before } : {}),
      });
      seen.push(...results.map((r) => r.id));
      if (results.length < 3) break;
      before = results.at(-1)!.cursor;
    }
    expect(seen.length).toBe(7);
    expect(new Set(seen)).toEqual(new Set(made));
    // A search of every kind shows the best five, and their cursors continue the kind.
    const grouped = await search(hannah, "jubilee");
    expect(grouped.length).toBe(5);
    const rest = await search(hannah, "jubilee", { kind: "prayer", before: grouped.at(-1)!.cursor });
    expect([...grouped, ...rest].map((r) => r.id).sort()).toEqual([...made].sort());
  });
});

describe("query text that tries to break the parser", () => {
  it("answers 200 or 400, never 500, whatever she types", async () => {
    const texts = [
      '"',
      '""',
      '"unclosed phrase',
      "\\",
      "\\\\'",
      "&|!():*",
      "' or 1=1 --",
      "'; drop table search_items; --",
      "-",
      "- -",
      "--",
      "or or",
      "a & b | !c",
      "prayer:*",
      "prayer:A",
      "(prayer",
      "<->",
      "prayer <-> forgiveness",
      "\u05B0\u05B4\u05B8",
      "\u0591\u05C7",
      "\u05BE\u05BE",
      `${SEARCH_MARK_START}${SEARCH_MARK_END}`,
      "🙏🙏",
      "x".repeat(200),
      "ש".repeat(200),
      "ב ".repeat(100),
      "%_%",
      "$1 $2",
      "null",
      "\u0000ab",
    ];
    for (const q of texts) {
      for (const res of [
        await ruth.client.call(api.search, { query: { q } }),
        await ruth.client.call(api.search, { query: { q, kind: "teaching" } }),
        await ruth.client.call(api.suggest, { query: { q } }),
      ]) {
        expect([200, 400], `${JSON.stringify(q)} answered ${res.status}`).toContain(res.status);
      }
    }
  });
});

describe("suggestions", () => {
  it("offers up to 8 titles she may see, by the start of their words, of the kinds with titles of their own", async () => {
    const results = await suggest(hannah, "forg");
    expect(results).toContainEqual({
      kind: "teaching",
      id: ids.forgiveness,
      title: "The Power of Forgiveness",
      url: `/video/${ids.forgiveness}`,
    });
    expect((await suggest(hannah, "pray")).length).toBeLessThanOrEqual(8);
    expect((await suggest(hannah, "feasts of")).map((s) => s.kind)).toContain("course");
    // A request, a post, a note or a message is titled by its first words: searched, not suggested.
    expect(await suggest(ruth, "forgiveness unsh")).toEqual([]);
  });

  it("makes a title's words and trigrams for the kinds with titles of their own, and only for them", async () => {
    const { rows } = await t.database.pool.query<{ kind: SearchKind }>(
      `select k as kind from unnest($1::text[]) k
       where (search_item('videos', 1, k, 'Hagar in the wilderness', 'She named the God who sees', now())).title_trigrams <> ''`,
      [SEARCH_KINDS],
    );
    expect(rows.map((r) => r.kind).sort()).toEqual([...TITLED_SEARCH_KINDS].sort());
  });
});
