import fs from "node:fs";
import pg from "pg";
import { seedMembers } from "./database.mjs";

// A community's searchable items, half in English and half in Hebrew, written into the sources that
// the search triggers index (videos, articles, groups, events, prayer requests, group posts,
// notes, private messages): each source's rows in one set-based statement, whose triggers fill
// search_items as they do for any write.
//
// The words are drawn from a vocabulary, the more common ones more often (a word of rank r, counted
// from 0, with a chance about 1/(2·√(r·V)) at each place), among the short words every text is half
// made of; a Hebrew word often stands behind a prefix (ו, ה, ב, ל...). Two words of the middle ranks
// then match a few in a thousand items, as two words typed into a search do.

/** Content words, the most common first. */
const ENGLISH = `prayer family faith love hope grace peace heart healing strength home church children
  husband mother daughter son joy friend life word psalm trust thanks blessing mercy light rest spirit
  soul truth wisdom patience courage comfort week morning evening sabbath feast table bread water garden
  journey promise covenant kingdom glory worship praise music song scripture study lesson teaching verse
  chapter story letter community fellowship group sister brother friends neighbor neighbors father
  grandmother grandfather grandchildren baby pregnancy birth birthday wedding marriage anniversary
  school exam college work job business interview provision finances rent debt surgery hospital doctor
  recovery illness cancer pain grief loss tears laughter widow orphan stranger guest meal dinner
  breakfast candle candles harvest season seasons passover tabernacles olive tree vine branch root
  roots field wilderness desert mountain river sea city nation nations israel jerusalem zion abraham
  sarah isaac jacob rebecca rachel leah joseph moses miriam aaron joshua ruth naomi boaz hannah samuel
  david solomon esther deborah elijah isaiah jeremiah daniel jonah messiah shepherd sheep lamb king
  throne honor path road door gate bridge mission ministry service course reading book choir gratitude
  grateful generous faithful gentle quiet strong weary tired anxious afraid fear worry obedience
  repentance forgiveness salvation redemption freedom protection guidance direction decision calling
  purpose surrender waiting answer miracle testimony witness teenager travel moving rain snow sun storm
  night year month house`;
const ENGLISH_SHORT = `the and for of to in a my our with is was we she her this that be on at as all from
  by who will has have it so but not are us me his their`;
const HEBREW = `תפילה משפחה אמונה אהבה תקווה חסד שלום לב רפואה כוח בית ילדים בעל אמא בת בן שמחה חבר חיים
  דבר תהילים ביטחון תודה ברכה רחמים אור מנוחה רוח נפש אמת חכמה סבלנות אומץ נחמה שבוע בוקר ערב שבת חג
  שולחן לחם מים גן מסע הבטחה ברית מלכות כבוד הלל שיר מזמור כתובים לימוד שיעור הוראה פסוק פרק סיפור
  מכתב קהילה קבוצה אחות אח חברים שכנים אבא סבתא סבא נכדים תינוק הריון לידה חתונה נישואים לימודים
  מבחן עבודה משרה עסק ראיון פרנסה שכירות חוב ניתוח רופא החלמה מחלה כאב אבל אובדן דמעות צחוק אלמנה
  יתום אורח ארוחה נר נרות קציר עונה פסח סוכות שבועות זית עץ גפן שורש שורשים שדה מדבר הר נהר ים עיר
  עמים ישראל ירושלים ציון אברהם שרה יצחק יעקב רבקה רחל לאה יוסף משה מרים אהרון יהושע רות נעמי בועז
  חנה שמואל דוד שלמה אסתר דבורה אליהו ישעיהו ירמיהו דניאל יונה משיח רועה צאן מלך כסא דרך שער גשר
  שליחות שירות ספר מקהלה הכרה נדיבות נאמנות עדינות שקט עייפות חרדה פחד דאגה ציות תשובה סליחה ישועה
  גאולה חירות הגנה הדרכה כיוון החלטה ייעוד תכלית המתנה מענה נס עדות נער נערה נסיעה מעבר גשם שלג שמש
  סערה לילה שנה חודש יום בריאות קדושה תורה מצווה צדקה שמיים ארץ אדמה זרע פרי`;
const HEBREW_SHORT =
  "של את על עם זה זו הוא היא אני אנחנו גם כי אשר כל לא יש אין מאוד עוד רק אבל אם או כמו אל עד אחרי לפני";
/** Before a Hebrew word (about half of them): the common ones more often. */
const HEBREW_PREFIXES = "ו ו ו ה ה ה ב ב ב ל ל ל מ ש וה וב ול שה כש מה";

const words = (text) => [...new Set(text.split(/\s+/).filter(Boolean))];

/**
 * What the rows measure: a two-word English search, a two-word Hebrew search without vowels (its
 * second word behind a prefix), and the start of a word as she types it. Each search matches about
 * five items in a thousand, the start about one title in twenty (`seedSearch` answers how many).
 */
export const SEARCH_TERMS = {
  english: "surgery recovery",
  hebrew: "נחמה למשפחה",
  prefix: "gra",
};

/** The share of the items each source holds. */
const SHARES = {
  videos: 0.04,
  articles: 0.06,
  cultivationGroups: 0.03,
  localGroups: 0.02,
  events: 0.05,
  prayerRequests: 0.25,
  groupPosts: 0.25,
  notes: 0.1,
  messages: 0.2,
};

/**
 * Adds `size` searchable items to the demo database at `url` (migrated and seeded), written by
 * members of their own: `memberEmail`'s groups and conversations (the demo member's) hold a small
 * share of the posts and messages, her own notes and requests a small share of theirs, so that what
 * she may see is a community's, not everything. Answers the seconds it took (the triggers'
 * indexing included), the rows of search_items, and how many items each of `SEARCH_TERMS` matches
 * whoever may see them.
 */
export async function seedSearch(url, size, memberEmail = "ruth@example.com") {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const started = Date.now();
    const count = Object.fromEntries(
      Object.entries(SHARES).map(([source, share]) => [source, Math.round(size * share)]),
    );
    // The same items at each run.
    await c.query("select setseed(0.5)");
    await c.query(`create temp table bench_vocabulary (en text[], en_short text[], he text[], he_short text[],
      prefixes text[])`);
    await c.query("insert into bench_vocabulary values ($1, $2, $3, $4, $5)", [
      words(ENGLISH),
      words(ENGLISH_SHORT),
      words(HEBREW),
      words(HEBREW_SHORT),
      HEBREW_PREFIXES.split(" "),
    ]);
    // `n` words in Hebrew or in English, four in ten of them short ones.
    await c.query(`create function pg_temp.bench_words(hebrew boolean, n int) returns text
      language sql volatile as $$
        select string_agg(case
            when random() < 0.4 then s[1 + floor(random() * cardinality(s))::int]
            else case when hebrew and random() < 0.45 then v.prefixes[1 + floor(random() * cardinality(v.prefixes))::int]
                   else '' end || w[1 + floor(cardinality(w) * power(random(), 2))::int]
          end, ' ')
        from bench_vocabulary v
          cross join lateral (select case when hebrew then v.he else v.en end as w,
                                     case when hebrew then v.he_short else v.en_short end as s) x
          cross join generate_series(1, n)
      $$`);
    // A sentence of `shortest` to `longest` words; a title when `title`.
    await c.query(`create function pg_temp.bench_text(hebrew boolean, shortest int, longest int, title boolean default false)
      returns text language sql volatile as $$
        select case when hebrew then t when title then initcap(t) else upper(left(t, 1)) || substr(t, 2) end
          || case when title then '' else '.' end
        from (select pg_temp.bench_words(hebrew, shortest + floor(random() * (longest - shortest + 1))::int) as t) x
      $$`);
    const ago = "now() - random() * interval '730 days'";

    // Members, and the demo member's groups and conversations.
    const members = Math.max(200, Math.round(size / 50));
    await seedMembers(c, members);
    const {
      rows: [range],
    } = await c.query(
      `select min(id) as first, max(id) as last from users where email like 'member%@example.test'`,
    );
    const member = `(${range.first} + floor(random() * ${members})::int)`;
    const {
      rows: [her],
    } = await c.query(
      `select u.id,
         array(select group_id from cultivation_group_members where user_id = u.id order by group_id) as cultivation,
         array(select group_id from local_group_members where user_id = u.id order by group_id) as local,
         array(select conversation_id from direct_conversation_members where user_id = u.id order by 1) as conversations
       from users u where u.email = $1`,
      [memberEmail],
    );

    // Teaching and articles.
    const {
      rows: [videos],
    } = await c.query(
      `with made as (
         insert into videos (title, description, series, reflection_prompts, duration, published_at, patron_only)
         select pg_temp.bench_text(g % 2 = 1, 3, 7, true), pg_temp.bench_text(g % 2 = 1, 40, 120),
                case when g % 2 = 1 then 'סדרת ' else 'Series ' end || (1 + g % 12),
                array[pg_temp.bench_text(g % 2 = 1, 8, 16), pg_temp.bench_text(g % 2 = 1, 8, 16)],
                300 + g % 1800, ${ago}, g % 10 = 0
         from generate_series(1, $1::int) g
         returning id
       )
       select min(id) as first, count(*)::int as n from made`,
      [count.videos],
    );
    await c.query(
      `insert into articles (guid, title, excerpt, author, tags, published_at)
       select 'bench-article-' || g, pg_temp.bench_text(g % 2 = 1, 4, 9, true), pg_temp.bench_text(g % 2 = 1, 30, 60),
              case when g % 2 = 1 then 'מחברת ' else 'Author ' end || (1 + g % 40),
              array[pg_temp.bench_words(g % 2 = 1, 1), pg_temp.bench_words(g % 2 = 1, 1)], ${ago}
       from generate_series(1, $1::int) g`,
      [count.articles],
    );

    // Groups, each with its leader; events of the ministry and of groups.
    const {
      rows: [cultivation],
    } = await c.query(
      `with made as (
         insert into cultivation_groups (name, description, category, is_private, requires_approval, member_count,
           created_by, created_at)
         select pg_temp.bench_text(g % 2 = 1, 2, 5, true), pg_temp.bench_text(g % 2 = 1, 20, 50),
                ($2::text[])[1 + g % 6], g % 2 = 0, g % 3 = 0, 1, ${member}, ${ago}
         from generate_series(1, $1::int) g
         returning id, created_by
       ), leaders as (
         insert into cultivation_group_members (group_id, user_id, role) select id, created_by, 'admin' from made
       )
       select min(id) as first, count(*)::int as n from made`,
      [count.cultivationGroups, ["cultural", "life-stage", "study", "support", "ministry", "interests"]],
    );
    const {
      rows: [local],
    } = await c.query(
      `with made as (
         insert into local_groups (name, description, meeting_type, location, meeting_time, member_count, created_by,
           created_at)
         select pg_temp.bench_text(g % 2 = 1, 2, 4, true), pg_temp.bench_text(g % 2 = 1, 20, 40),
                ($2::text[])[1 + g % 4], ($3::text[])[1 + g % 6], 'Tuesdays at 7:00 PM', 1, ${member}, ${ago}
         from generate_series(1, $1::int) g
         returning id, created_by
       ), leaders as (
         insert into local_group_members (group_id, user_id, role) select id, created_by, 'admin' from made
       )
       select min(id) as first, count(*)::int as n from made`,
      [
        count.localGroups,
        ["Bible Study", "Social Fellowship", "Prayer Group", "Book Club"],
        ["Austin, TX", "Jerusalem", "חיפה", "Nashville, TN", "תל אביב", "Brooklyn, NY"],
      ],
    );
    // Four in five are the ministry's; the others a group's (half of them private).
    await c.query(
      `insert into events (title, description, starts_at, ends_at, time_zone, location, group_id, created_by)
       select pg_temp.bench_text(g % 2 = 1, 3, 7, true), pg_temp.bench_text(g % 2 = 1, 20, 60), at, at + interval '2 hours',
              'Asia/Jerusalem', 'The fellowship hall',
              case when g % 5 = 0 then $2::int + floor(random() * $3::int)::int end, ${member}
       from (select g, now() + interval '60 days' - random() * interval '790 days' as at
             from generate_series(1, $1::int) g) s`,
      [count.events, cultivation.first, cultivation.n],
    );

    // Members' words: requests, posts, notes and messages.
    await c.query(
      `insert into prayer_requests (user_id, content, is_private, is_anonymous, hidden_at, created_at)
       select case when g % 100 = 0 then $2::int else ${member} end, pg_temp.bench_text(g % 2 = 1, 15, 80),
              g % 10 = 3, g % 10 = 5, case when g % 100 = 7 then now() end, ${ago}
       from generate_series(1, $1::int) g`,
      [count.prayerRequests, her.id],
    );
    // One post in fifty is in one of her groups; the rest in the community's other groups, three in
    // five of them cultivation groups.
    const herGroups = [
      ...her.cultivation.map((id) => ["cultivation", id]),
      ...her.local.map((id) => ["local", id]),
    ];
    await c.query(
      `insert into group_posts (group_kind, group_id, user_id, kind, content, hidden_at, created_at)
       select kind, group_id, ${member}, ($2::text[])[1 + g % 4], pg_temp.bench_text(g % 2 = 1, 5, 100),
              case when g % 200 = 7 then now() end, ${ago}
       from generate_series(1, $1::int) g,
       lateral (select case
           when g % 50 = 0 then ($3::text[])[1 + (g / 50) % cardinality($3::text[])]
           when g % 5 < 3 then 'cultivation' else 'local' end as kind,
         case
           when g % 50 = 0 then ($4::int[])[1 + (g / 50) % cardinality($4::int[])]
           when g % 5 < 3 then $5::int + floor(random() * $6::int)::int
           else $7::int + floor(random() * $8::int)::int end as group_id) x`,
      [
        count.groupPosts,
        ["discussion", "prayer", "question", "announcement"],
        herGroups.map(([kind]) => kind),
        herGroups.map(([, id]) => id),
        cultivation.first,
        cultivation.n,
        local.first,
        local.n,
      ],
    );
    await c.query(
      `insert into video_notes (user_id, video_id, content, timestamp, tags, created_at)
       select case when g % 50 = 0 then $2::int else ${member} end, $3::int + floor(random() * $4::int)::int,
              pg_temp.bench_text(g % 2 = 1, 5, 50), floor(random() * 1800)::int,
              array[pg_temp.bench_words(g % 2 = 1, 1)], ${ago}
       from generate_series(1, $1::int) g`,
      [count.notes, her.id, videos.first, videos.n],
    );
    // Conversations between two members, each a hundred items' worth; one message in fifty is in one
    // of hers.
    const conversations = Math.max(100, Math.round(size / 100));
    const {
      rows: [pairs],
    } = await c.query(
      `with made as (
         insert into direct_conversations (pair_key, status, started_by)
         select least(a, b) || ':' || greatest(a, b), 'open', a
         from generate_series(0, $1::int - 1) g,
           lateral (select $2::int + g % $3::int as a, $2::int + (g % $3::int + 1 + g / $3::int) % $3::int as b) p
         returning id, pair_key
       ), joined as (
         insert into direct_conversation_members (conversation_id, user_id)
         select id, split_part(pair_key, ':', n)::int from made, generate_series(1, 2) n
       )
       select array_agg(id order by id) as ids from made`,
      [conversations, range.first, members],
    );
    await c.query(
      `insert into direct_messages (conversation_id, sender_id, content, created_at)
       select conversation_id, split_part(pair_key, ':', 1 + g % 2)::int, pg_temp.bench_text(g % 2 = 1, 3, 40), ${ago}
       from generate_series(1, $1::int) g,
         lateral (select case when g % 50 = 0 then ($2::int[])[1 + (g / 50) % cardinality($2::int[])]
                    else ($3::int[])[1 + floor(random() * cardinality($3::int[]))::int] end as conversation_id) x
         join direct_conversations dc on dc.id = x.conversation_id`,
      [count.messages, her.conversations, pairs.ids],
    );
    const seconds = (Date.now() - started) / 1000;
    // As a table in service would be: each kind's newest rows set apart by the search's upkeep
    // (which runs every few minutes), vacuumed and analysed.
    await c.query("select search_keep_recent()");
    await c.query("vacuum (analyze)");
    const {
      rows: [counts],
    } = await c.query(
      `select count(*)::int as items,
         count(*) filter (where vector @@ search_query($1))::int as english,
         count(*) filter (where vector @@ search_query($2))::int as hebrew,
         count(*) filter (where kind in ('teaching', 'article', 'course', 'lesson', 'group', 'event')
           and title_vector @@ search_prefix_query($3))::int as prefix
       from search_items`,
      [SEARCH_TERMS.english, SEARCH_TERMS.hebrew, SEARCH_TERMS.prefix],
    );
    return { seconds, ...counts };
  } finally {
    await c.end();
  }
}

/** The CPU time the process `pid` has used, in milliseconds (Linux: utime + stime at 100 ticks a second). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * The CPU time `run` (which answers how many requests it made) costs a request, in milliseconds: in
 * the server's process `serverPid`, and in the PostgreSQL backends serving `database` when PostgreSQL
 * runs on this machine (NaN otherwise). Unlike a latency, it hardly moves with what else the machine
 * is running.
 */
export async function cpuPerRequest(adminUrl, database, serverPid, run) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const backends = async () => {
      const { rows } = await c.query(
        "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
        [database],
      );
      // A remote server's process ids name nothing here (or another process).
      return rows
        .map((r) => r.pid)
        .filter((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("postgres");
          } catch {
            return false;
          }
        });
    };
    const postgres = async () => {
      const pids = await backends();
      return pids.length ? pids.reduce((sum, pid) => sum + (cpuMs(pid) || 0), 0) : Number.NaN;
    };
    const before = { server: cpuMs(serverPid), postgres: await postgres() };
    const requests = await run();
    const after = { server: cpuMs(serverPid), postgres: await postgres() };
    return {
      server: (after.server - before.server) / requests,
      postgres: (after.postgres - before.postgres) / requests,
    };
  } finally {
    await c.end();
  }
}
