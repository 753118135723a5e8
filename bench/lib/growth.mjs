import pg from "pg";

const TITLES = [
  "Walking in grace",
  "Hope for the weary",
  "The prophets and the promise",
  "Faith in the waiting",
  "Unveiled: the bride",
  "Rest for the soul",
  "The feasts of the Lord",
  "Mercy new every morning",
  "Wrapped in His word",
  "A heart of worship",
  "Roots in Abraham",
  "The olive tree",
  "Joy in the wilderness",
  "Covenant love",
  "Seasons of the heart",
  "Light to the nations",
  "Bread of life",
  "The shepherd's voice",
  "Sabbath rest",
  "Grafted in",
];
const GROUPS = [
  "Morning prayer circle",
  "Young mothers support",
  "Military wives fellowship",
  "Messianic women's circle",
  "Psalms study group",
  "Grief and hope",
  "Widows of Naomi",
  "Career women in faith",
  "Empty nesters",
  "Hebrew roots study",
  "Newlyweds",
  "Caregivers",
  "Worship leaders",
  "Book of Ruth study",
];
const SERIES = ["Grace Series", "Wrap & Reflect", "Prophecy Deep Dive", "Unveiled"];
const CATEGORIES = ["cultural", "life-stage", "study", "support", "ministry", "interests"];

/**
 * Adds `size` prayer requests, videos, cultivation groups and ministry events with generate_series,
 * in seconds, and `size` posts to the conversation of the demo group `conversationGroup`. Events grow
 * as a ministry's calendar does: one every six hours, the newest a month ahead, so the history
 * lengthens with the size while the coming months hold about as many.
 */
export async function seedGrowth(url, size, conversationGroup) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const {
      rows: [author],
    } = await c.query(
      "insert into users (email, first_name, last_name) values ('growth@example.test', 'Growth', 'Author') returning id",
    );
    await c.query(
      `insert into prayer_requests (user_id, content, created_at)
       select $1, 'Please pray for request number ' || g, now() - make_interval(secs => g)
       from generate_series(1, $2) g`,
      [author.id, size],
    );
    await c.query(
      `insert into videos (title, description, series, duration, published_at)
       select ($1::text[])[1 + g % 20] || ' ' || g,
              'A teaching from the series on walking with God, part ' || g,
              ($2::text[])[1 + g % 4], 300 + g % 1800, now() - make_interval(mins => g)
       from generate_series(1, $3) g`,
      [TITLES, SERIES, size],
    );
    await c.query(
      `insert into cultivation_groups (name, description, category, is_private, requires_approval, member_count, created_by)
       select ($1::text[])[1 + g % 14] || ' ' || g,
              'A small group that meets to share life and Scripture, number ' || g,
              ($2::text[])[1 + g % 6], g % 2 = 0, g % 3 = 0, 1, $3
       from generate_series(1, $4) g`,
      [GROUPS, CATEGORIES, author.id, size],
    );
    await c.query(
      `insert into events (title, description, starts_at, ends_at, time_zone, location, created_by)
       select ($1::text[])[1 + g % 20] || ' gathering ' || g, 'An evening of Scripture and prayer',
              now() + interval '30 days' - make_interval(hours => 6 * g),
              now() + interval '30 days' - make_interval(hours => 6 * g) + interval '2 hours',
              'America/New_York', 'The fellowship hall', $2
       from generate_series(1, $3) g`,
      [TITLES, author.id, size],
    );
    // The group's conversation: most of it by one author, every fiftieth post by its leader.
    const {
      rows: [group],
    } = await c.query(
      `select g.id, (select m.user_id from cultivation_group_members m
          where m.group_id = g.id and m.role = 'admin' limit 1) as leader
       from cultivation_groups g where g.name = $1`,
      [conversationGroup],
    );
    await c.query(
      `insert into group_posts (group_kind, group_id, user_id, kind, content, reply_count, created_at)
       select 'cultivation', $1::int, case when g % 50 = 0 then $2::int else $3::int end,
              ($4::text[])[1 + g % 3], 'A word for the group, number ' || g, g % 4,
              now() - make_interval(secs => $5::int - g)
       from generate_series(1, $5::int) g`,
      [group.id, group.leader, author.id, ["discussion", "prayer", "question"], size],
    );
    // As a table in service would be: vacuumed and analysed, not still waiting for autovacuum to
    // visit a million fresh rows (which it then does in the middle of the measurement).
    await c.query("vacuum (analyze)");
    const {
      rows: [deep],
    } = await c.query("select min(id) + 100 as id from prayer_requests where user_id = $1", [author.id]);
    return { deepPrayerCursor: deep.id, conversationGroupId: group.id };
  } finally {
    await c.end();
  }
}
