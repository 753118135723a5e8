-- The newsletter's sync runs keep why one failed as a kind and its values, no longer an English
-- sentence: the sentences the feed reader wrote are read back into them, per shape.
ALTER TABLE "article_sync_runs" ADD COLUMN "failure" jsonb;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'too_slow', 'name', s.m[1], 'timeoutMs',
    CASE WHEN s.m[3] = 'seconds' THEN s.m[2]::bigint * 1000 ELSE s.m[2]::bigint END)
  FROM (SELECT id, regexp_match("error", '^The (.*) feed took longer than ([0-9]+) (seconds|ms) to answer\. Please try again later\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'private_address', 'name', s.m[1])
  FROM (SELECT id, regexp_match("error", '^The (.*) feed''s address leads to a private network; the server reads feeds from public addresses only\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'unreachable', 'name', s.m[1], 'reason',
    CASE s.m[2]
      WHEN 'the address was not found' THEN 'not_found'
      WHEN 'the connection was refused' THEN 'refused'
      WHEN 'the connection was reset' THEN 'reset'
      WHEN 'its certificate was not accepted' THEN 'certificate'
      ELSE 'network' END)
  FROM (SELECT id, regexp_match("error", '^Could not reach the (.*) feed \((the address was not found|the connection was refused|the connection was reset|its certificate was not accepted|a network error)\)\. Please try again later\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'http_status', 'name', s.m[1], 'status', s.m[2]::int)
  FROM (SELECT id, regexp_match("error", '^The (.*) feed answered with HTTP ([0-9]{1,3})\. Check NEWSLETTER_FEED_URL\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'too_large', 'name', s.m[1], 'maxBytes',
    CASE WHEN s.m[3] = 'MB' THEN round(s.m[2]::numeric * 1048576)::bigint ELSE s.m[2]::bigint END)
  FROM (SELECT id, regexp_match("error", '^The (.*) feed is larger than ([0-9]+(?:\.[0-9]+)?) (MB|bytes)\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'broke_off', 'name', s.m[1])
  FROM (SELECT id, regexp_match("error", '^The connection to the (.*) feed broke off\. Please try again later\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'not_xml', 'name', s.m[1])
  FROM (SELECT id, regexp_match("error", '^The (.*) feed did not return XML\. Check that NEWSLETTER_FEED_URL points to the RSS feed\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'web_page', 'name', s.m[1])
  FROM (SELECT id, regexp_match("error", '^The (.*) feed address returned a web page, not an RSS feed\. Check that NEWSLETTER_FEED_URL points to the RSS feed \(it usually ends in /feed\)\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'malformed_xml', 'name', s.m[1], 'line', s.m[2]::int, 'detail', s.m[3])
  FROM (SELECT id, regexp_match("error", '^The (.*?) feed is not well-formed XML \(line ([0-9]+): (.*)\)\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'unreadable', 'name', s.m[1], 'detail', s.m[2])
  FROM (SELECT id, regexp_match("error", '^The (.*?) feed could not be read \((.*)\)\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "article_sync_runs" r SET "failure" = jsonb_build_object('kind', 'not_rss', 'name', s.m[1])
  FROM (SELECT id, regexp_match("error", '^The (.*) feed is not an RSS 2\.0 feed\. Check that NEWSLETTER_FEED_URL points to the RSS feed\.$') AS m
    FROM "article_sync_runs" WHERE "error" IS NOT NULL AND "failure" IS NULL) s
  WHERE r.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
-- Anything else was an error of the server's own: its words are kept as the detail.
UPDATE "article_sync_runs" SET "failure" = jsonb_build_object('kind', 'unexpected', 'detail', "error")
  WHERE "error" IS NOT NULL AND "failure" IS NULL;--> statement-breakpoint
ALTER TABLE "article_sync_runs" DROP COLUMN "error";--> statement-breakpoint
-- The activity log keeps each line's values, no longer its English sentence: the sentences every
-- version wrote are read back into them, per kind and shape. A member without a name was "A member".
ALTER TABLE "activity_log" ADD COLUMN "params" jsonb;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('name', nullif(nullif(btrim(s.m[1]), ''), 'A member'))
  FROM (SELECT id, regexp_match("description", '^(.*) joined the community$') AS m
    FROM "activity_log" WHERE "kind" = 'member_joined' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('name', nullif(nullif(btrim(s.m[1]), ''), 'A member'), 'ministry', s.m[2])
  FROM (SELECT id, regexp_match("description", '^(.*?) set up (.*)$') AS m
    FROM "activity_log" WHERE "kind" = 'member_joined' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('title', s.m[1])
  FROM (SELECT id, regexp_match("description", '^New video added: (.*)$') AS m
    FROM "activity_log" WHERE "kind" = 'video_added' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('title', s.m[1])
  FROM (SELECT id, regexp_match("description", '^New course added: (.*)$') AS m
    FROM "activity_log" WHERE "kind" = 'course_added' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('type', 'local', 'name', nullif(nullif(btrim(s.m[1]), ''), 'A member'), 'group', s.m[2], 'location', s.m[3])
  FROM (SELECT id, regexp_match("description", '^(.*?) started the local group "(.*)" in (.*)$') AS m
    FROM "activity_log" WHERE "kind" = 'group_created' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('type', 'cultivation', 'name', nullif(nullif(btrim(s.m[1]), ''), 'A member'), 'group', s.m[2])
  FROM (SELECT id, regexp_match("description", '^(.*?) started the cultivation group "(.*)"$') AS m
    FROM "activity_log" WHERE "kind" = 'group_created' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('name', nullif(nullif(btrim(s.m[1]), ''), 'A member'), 'isPrivate', s.m[2] IS NOT NULL)
  FROM (SELECT id, regexp_match("description", '^(.*) shared a (private )?prayer request$') AS m
    FROM "activity_log" WHERE "kind" = 'prayer_shared' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('name', nullif(nullif(btrim(s.m[1]), ''), 'A member'))
  FROM (SELECT id, regexp_match("description", '^(.*?) became a (.*)$') AS m
    FROM "activity_log" WHERE "kind" = 'patron_started' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('name', nullif(nullif(btrim(s.m[1]), ''), 'A member'), 'cents', round(replace(s.m[2], ',', '')::numeric * 100)::int, 'currency', 'usd')
  FROM (SELECT id, regexp_match("description", '^(.*) gave a donation of \$([0-9,]+(?:\.[0-9]{1,2})?)$') AS m
    FROM "activity_log" WHERE "kind" = 'donation_received' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('name', nullif(nullif(btrim(s.m[1]), ''), 'A member'), 'cents', round(s.m[2]::numeric * 100)::int, 'currency', lower(s.m[3]))
  FROM (SELECT id, regexp_match("description", '^(.*) gave a donation of ([0-9]+\.[0-9]{2}) ([A-Z]+)$') AS m
    FROM "activity_log" WHERE "kind" = 'donation_received' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('name', nullif(nullif(btrim(s.m[1]), ''), 'A member'), 'title', s.m[2])
  FROM (SELECT id, regexp_match("description", '^(.*?) enrolled in (.*)$') AS m
    FROM "activity_log" WHERE "kind" = 'course_purchased' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
UPDATE "activity_log" a SET "params" = jsonb_build_object('added', s.m[1]::int, 'updated', s.m[2]::int, 'source', s.m[3])
  FROM (SELECT id, regexp_match("description", '^([0-9]+) new articles? and ([0-9]+) updates? synced from (.*)$') AS m
    FROM "activity_log" WHERE "kind" = 'articles_synced' AND "params" IS NULL) s
  WHERE a.id = s.id AND s.m IS NOT NULL;--> statement-breakpoint
-- A sentence no version of the code wrote (typed in by hand) is kept to be shown as it is.
UPDATE "activity_log" SET "params" = jsonb_build_object('text', "description") WHERE "params" IS NULL;--> statement-breakpoint
ALTER TABLE "activity_log" ALTER COLUMN "params" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_log" DROP COLUMN "description";
