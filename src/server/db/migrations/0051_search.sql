CREATE TABLE "search_items" (
	"id" bigserial NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"hidden_at" timestamp with time zone,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"group_kind" text,
	"group_id" integer,
	"created_by" integer,
	"conversation_id" integer,
	"video_id" integer,
	"seconds" integer,
	"patron_only" boolean DEFAULT false NOT NULL,
	"vector" "tsvector" NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	"title_trigrams" text NOT NULL,
	CONSTRAINT "search_items_source_source_id_pk" PRIMARY KEY("source","source_id")
);
--> statement-breakpoint
CREATE INDEX "search_items_teaching_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'teaching';--> statement-breakpoint
CREATE INDEX "search_items_article_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'article';--> statement-breakpoint
CREATE INDEX "search_items_course_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'course';--> statement-breakpoint
CREATE INDEX "search_items_lesson_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'lesson';--> statement-breakpoint
CREATE INDEX "search_items_prayer_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'prayer';--> statement-breakpoint
CREATE INDEX "search_items_group_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'group';--> statement-breakpoint
CREATE INDEX "search_items_event_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'event';--> statement-breakpoint
CREATE INDEX "search_items_post_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'post';--> statement-breakpoint
CREATE INDEX "search_items_note_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'note';--> statement-breakpoint
CREATE INDEX "search_items_message_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'message';--> statement-breakpoint
CREATE INDEX "search_items_kind_recent_idx" ON "search_items" USING btree ("kind","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_items_note_owner_idx" ON "search_items" USING btree ("user_id") WHERE "search_items"."kind" = 'note';--> statement-breakpoint
CREATE INDEX "search_items_message_conversation_idx" ON "search_items" USING btree ("conversation_id") WHERE "search_items"."kind" = 'message';--> statement-breakpoint
CREATE INDEX "search_items_title_vector_idx" ON "search_items" USING gin ("title_vector") WHERE "search_items"."kind" in ('teaching', 'article', 'course', 'lesson', 'group', 'event');--> statement-breakpoint
CREATE INDEX "search_items_titled_recent_idx" ON "search_items" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "search_items"."kind" in ('teaching', 'article', 'course', 'lesson', 'group', 'event');--> statement-breakpoint
CREATE INDEX "search_items_title_trgm_idx" ON "search_items" USING gin ("title_trigrams" gin_trgm_ops) WHERE "search_items"."kind" in ('teaching', 'article', 'course', 'lesson', 'group', 'event');--> statement-breakpoint
-- Search (decision 072): what folds a text for searching, what builds each source's row of
-- search_items, the triggers that keep those rows in the transaction of each change, and the
-- rebuild (npm run search:reindex, and this migration for what is already here).

-- The text as searched, the same for a document and a query, whatever the database's locale:
-- Hebrew vowel points and cantillation go (maqaf, paseq, sof pasuq and nun hafukha read as a
-- space), final letters become their ordinary forms, the two characters that mark highlights and
-- invisible marks go, curly apostrophes and quotes become straight ones, and other punctuation,
-- symbols and emoji become spaces (a C locale's parser would take them for letters of a word).
CREATE FUNCTION search_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(input,
            '[\u0001-\u0008\u000E-\u001F\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\u05F3\u05F4\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFE00-\uFE0F\uFEFF]',
            '', 'g'),
          '[\u2018\u2019\u201A\u201B\u02BC\u2032]', '''', 'g'),
        '[\u201C\u201D\u201E\u201F\u2033]', '"', 'g'),
      '[\u05BE\u05C0\u05C3\u05C6\u00A0-\u00BF\u00D7\u00F7\u2000-\u205F\u2100-\u2BFF\u2E00-\u2E7F\u3000-\u303F\U0001F000-\U0001FAFF]',
      ' ', 'g'),
    'ךםןףץ', 'כמנפצ')
$$;--> statement-breakpoint

-- Folded text as a snippet shows it: a Hebrew word ends in its final letter again.
CREATE FUNCTION search_display(folded text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(folded,
    'כ(?![\u05D0-\u05EA])', 'ך', 'g'),
    'מ(?![\u05D0-\u05EA])', 'ם', 'g'),
    'נ(?![\u05D0-\u05EA])', 'ן', 'g'),
    'פ(?![\u05D0-\u05EA])', 'ף', 'g'),
    'צ(?![\u05D0-\u05EA])', 'ץ', 'g')
$$;--> statement-breakpoint

-- A query whose Hebrew words are also sought behind the one- and two-letter prefixes (ו ה ב כ ל
-- מ ש and their usual pairs): "בית" finds "הבית" and "ובבית". The query is the output of
-- websearch_to_tsquery, whose lexemes never hold a quote.
CREATE FUNCTION search_hebrew_forms(query tsquery) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(query::text, '(^|[^''])''([\u05D0-\u05EA]+)''(?!'')',
    '\1( ' || (SELECT string_agg('''' || p || '\2''', ' | ')
      FROM unnest(ARRAY['', 'ו', 'ה', 'ב', 'כ', 'ל', 'מ', 'ש', 'וה', 'וב', 'וכ', 'ול', 'ומ', 'וש',
                        'שה', 'שב', 'שכ', 'של', 'שמ', 'מה', 'מש', 'כש']) p) || ' )', 'g')::tsquery
$$;--> statement-breakpoint

-- What she typed as a search: her words stemmed (English), Hebrew ones behind their prefixes too.
CREATE FUNCTION search_query(input text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT search_hebrew_forms(websearch_to_tsquery('english', search_fold(input)))
$$;--> statement-breakpoint

-- What she is typing, as a query on titles: every word she typed as the start of a word, unstemmed,
-- a Hebrew one behind its prefixes too ("walki" finds "Walking", "בי" finds "הבית").
CREATE FUNCTION search_prefix_query(input text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN lexeme ~ '^[\u05D0-\u05EA]+$'
      THEN '( ' || (SELECT string_agg('''' || p || lexeme || ''':*', ' | ')
        FROM unnest(ARRAY['', 'ו', 'ה', 'ב', 'כ', 'ל', 'מ', 'ש', 'וה', 'וב', 'וכ', 'ול', 'ומ', 'וש',
                          'שה', 'שב', 'שכ', 'של', 'שמ', 'מה', 'מש', 'כש']) p) || ' )'
      ELSE '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''':*'
    END, ' & '), '')::tsquery
  FROM unnest(tsvector_to_array(to_tsvector('simple', search_fold(input)))) lexeme
$$;--> statement-breakpoint

-- A title as trigrams see it: folded, Hebrew letters written in Latin ones. PostgreSQL's trigrams
-- take only ASCII letters for word characters in a C locale (the embedded database's), so Hebrew
-- would have none; written this way a Hebrew title has trigrams in every locale.
CREATE FUNCTION search_trigrams(title text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(lower(search_fold(title)), 'אבגדהוזחטיכלמנסעפצקרשת', 'abgdhvzxtyklmnsepcqrwj')
$$;--> statement-breakpoint

-- A title for what has none (a request, a post, a note, a message): its first words.
CREATE FUNCTION search_title_of(content text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length(t) <= 80 THEN t
    ELSE coalesce(nullif(left(t, 81 - strpos(reverse(left(t, 81)), ' ')), ''), left(t, 80)) || '…' END
  FROM (SELECT btrim(regexp_replace(left(content, 400), '\s+', ' ', 'g')) AS t) x
$$;--> statement-breakpoint

-- One row of search_items (its id left to the table): its words stripped of the highlight marks,
-- so no one's text can forge one, and its vectors.
CREATE FUNCTION search_item(
  p_source text, p_source_id integer, p_kind text, p_title text, p_body text, p_at timestamptz,
  p_user_id integer DEFAULT NULL, p_hidden_at timestamptz DEFAULT NULL,
  p_is_private boolean DEFAULT false, p_is_anonymous boolean DEFAULT false,
  p_group_kind text DEFAULT NULL, p_group_id integer DEFAULT NULL, p_created_by integer DEFAULT NULL,
  p_conversation_id integer DEFAULT NULL, p_video_id integer DEFAULT NULL, p_seconds integer DEFAULT NULL,
  p_patron_only boolean DEFAULT false
) RETURNS search_items
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  item search_items;
  folded_title text;
BEGIN
  item.source := p_source;
  item.source_id := p_source_id;
  item.kind := p_kind;
  item.title := translate(coalesce(p_title, ''), chr(2) || chr(3), '');
  item.body := translate(coalesce(p_body, ''), chr(2) || chr(3), '');
  item.at := p_at;
  item.user_id := p_user_id;
  item.hidden_at := p_hidden_at;
  item.is_private := p_is_private;
  item.is_anonymous := p_is_anonymous;
  item.group_kind := p_group_kind;
  item.group_id := p_group_id;
  item.created_by := p_created_by;
  item.conversation_id := p_conversation_id;
  item.video_id := p_video_id;
  item.seconds := p_seconds;
  item.patron_only := p_patron_only;
  folded_title := search_fold(item.title);
  item.vector := setweight(to_tsvector('english', folded_title), 'A')
    || setweight(to_tsvector('english', search_fold(item.body)), 'B');
  item.title_vector := to_tsvector('simple', folded_title);
  item.title_trigrams := search_trigrams(item.title);
  RETURN item;
END $$;--> statement-breakpoint

-- Each source's row, or none when it is not to be found at all (an archived course and its
-- lessons, a closed group, a deleted message). Who may see a row is decided when searching, by the
-- rules of src/server/auth/policies, from the columns named as those rules name them.
CREATE FUNCTION search_document(v videos) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('videos', v.id, 'teaching', v.title,
    concat_ws(E'\n', v.description, v.series, array_to_string(v.reflection_prompts, E'\n')),
    v.published_at, p_patron_only => v.patron_only)
$$;--> statement-breakpoint
CREATE FUNCTION search_document(a articles) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('articles', a.id, 'article', a.title,
    concat_ws(E'\n', a.excerpt, a.author, array_to_string(a.tags, ' ')), a.published_at)
$$;--> statement-breakpoint
CREATE FUNCTION search_document(c courses) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('courses', c.id, 'course', c.title,
    concat_ws(E'\n', c.short_description, c.description, array_to_string(c.tags, ' ')), c.created_at,
    p_patron_only => c.patron_only)
  WHERE c.status <> 'archived'
$$;--> statement-breakpoint
-- A lesson is found by its title, with its course's: what it holds opens by its own rule, in her
-- time zone (decision 067), so it is not searched.
CREATE FUNCTION search_document(l lessons) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('lessons', l.id, 'lesson', l.title, c.title, l.created_at)
  FROM courses c WHERE c.id = l.course_id AND c.status <> 'archived'
$$;--> statement-breakpoint
-- Never its author's name: an anonymous request is found by its words alone.
CREATE FUNCTION search_document(r prayer_requests) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('prayer_requests', r.id, 'prayer', search_title_of(r.content),
    concat_ws(E'\n', r.content, r.praise_note), r.created_at,
    p_user_id => r.user_id, p_hidden_at => r.hidden_at, p_is_private => r.is_private,
    p_is_anonymous => r.is_anonymous)
$$;--> statement-breakpoint
CREATE FUNCTION search_document(g cultivation_groups) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('cultivation_groups', g.id, 'group', g.name,
    concat_ws(E'\n', g.description, g.category, g.guidelines), g.created_at, p_group_kind => 'cultivation')
  WHERE g.is_active
$$;--> statement-breakpoint
-- Its general area, never its address or contact, which are its members'.
CREATE FUNCTION search_document(g local_groups) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('local_groups', g.id, 'group', g.name,
    concat_ws(E'\n', g.description, g.location, g.meeting_time), g.created_at, p_group_kind => 'local')
  WHERE g.is_active
$$;--> statement-breakpoint
-- Never where it meets: that is its group's members'.
CREATE FUNCTION search_document(e events) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('events', e.id, 'event', e.title, e.description, e.starts_at,
    p_group_id => e.group_id, p_created_by => e.created_by)
$$;--> statement-breakpoint
CREATE FUNCTION search_document(p group_posts) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('group_posts', p.id, 'post', search_title_of(p.content),
    concat_ws(E'\n', p.content, p.praise_note), p.created_at,
    p_user_id => p.user_id, p_hidden_at => p.hidden_at, p_group_kind => p.group_kind, p_group_id => p.group_id)
$$;--> statement-breakpoint
CREATE FUNCTION search_document(n video_notes) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('video_notes', n.id, 'note', search_title_of(n.content),
    concat_ws(E'\n', n.content, array_to_string(n.tags, ' ')), n.created_at,
    p_user_id => n.user_id, p_video_id => n.video_id, p_seconds => n.timestamp)
$$;--> statement-breakpoint
CREATE FUNCTION search_document(m direct_messages) RETURNS search_items
LANGUAGE sql STABLE AS $$
  SELECT search_item('direct_messages', m.id, 'message', search_title_of(m.content), m.content, m.created_at,
    p_user_id => m.sender_id, p_conversation_id => m.conversation_id)
  WHERE m.deleted_at IS NULL AND m.content <> ''
$$;--> statement-breakpoint

-- Writes a source's row (or takes it away when it has none).
CREATE FUNCTION search_put(p_source text, p_source_id integer, doc search_items) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF doc.source IS NULL THEN
    DELETE FROM search_items WHERE source = p_source AND source_id = p_source_id;
    RETURN;
  END IF;
  INSERT INTO search_items (source, source_id, kind, title, body, at, user_id, hidden_at, is_private,
      is_anonymous, group_kind, group_id, created_by, conversation_id, video_id, seconds, patron_only,
      vector, title_vector, title_trigrams)
    VALUES (doc.source, doc.source_id, doc.kind, doc.title, doc.body, doc.at, doc.user_id, doc.hidden_at,
      doc.is_private, doc.is_anonymous, doc.group_kind, doc.group_id, doc.created_by, doc.conversation_id,
      doc.video_id, doc.seconds, doc.patron_only, doc.vector, doc.title_vector, doc.title_trigrams)
  ON CONFLICT (source, source_id) DO UPDATE SET kind = excluded.kind, title = excluded.title,
    body = excluded.body, at = excluded.at, user_id = excluded.user_id, hidden_at = excluded.hidden_at,
    is_private = excluded.is_private, is_anonymous = excluded.is_anonymous,
    group_kind = excluded.group_kind, group_id = excluded.group_id, created_by = excluded.created_by,
    conversation_id = excluded.conversation_id, video_id = excluded.video_id, seconds = excluded.seconds,
    patron_only = excluded.patron_only, vector = excluded.vector, title_vector = excluded.title_vector,
    title_trigrams = excluded.title_trigrams;
END $$;--> statement-breakpoint

-- The one way search_items changes: a trigger on each source, in the transaction of the change.
CREATE FUNCTION search_source_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_items WHERE source = TG_TABLE_NAME AND source_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM search_put(TG_TABLE_NAME, NEW.id, search_document(NEW));
  -- A course's lessons carry its title, and go with it when it is archived.
  IF TG_TABLE_NAME = 'courses' AND TG_OP = 'UPDATE' THEN
    PERFORM search_put('lessons', l.id, search_document(l)) FROM lessons l WHERE l.course_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Every source: a row written or deleted, and a change to what its row is made of (counters and
-- other columns change nothing here).
CREATE TRIGGER search_videos AFTER INSERT OR DELETE ON videos
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_videos_changed AFTER UPDATE ON videos FOR EACH ROW
  WHEN ((OLD.title, OLD.description, OLD.series, OLD.reflection_prompts, OLD.published_at, OLD.patron_only)
    IS DISTINCT FROM (NEW.title, NEW.description, NEW.series, NEW.reflection_prompts, NEW.published_at, NEW.patron_only))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_articles AFTER INSERT OR DELETE ON articles
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_articles_changed AFTER UPDATE ON articles FOR EACH ROW
  WHEN ((OLD.title, OLD.excerpt, OLD.author, OLD.tags, OLD.published_at)
    IS DISTINCT FROM (NEW.title, NEW.excerpt, NEW.author, NEW.tags, NEW.published_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_courses AFTER INSERT OR DELETE ON courses
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_courses_changed AFTER UPDATE ON courses FOR EACH ROW
  WHEN ((OLD.title, OLD.short_description, OLD.description, OLD.tags, OLD.status, OLD.patron_only, OLD.created_at)
    IS DISTINCT FROM (NEW.title, NEW.short_description, NEW.description, NEW.tags, NEW.status, NEW.patron_only, NEW.created_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_lessons AFTER INSERT OR DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_lessons_changed AFTER UPDATE ON lessons FOR EACH ROW
  WHEN ((OLD.title, OLD.course_id, OLD.created_at) IS DISTINCT FROM (NEW.title, NEW.course_id, NEW.created_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_prayer_requests AFTER INSERT OR DELETE ON prayer_requests
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_prayer_requests_changed AFTER UPDATE ON prayer_requests FOR EACH ROW
  WHEN ((OLD.content, OLD.praise_note, OLD.user_id, OLD.hidden_at, OLD.is_private, OLD.is_anonymous, OLD.created_at)
    IS DISTINCT FROM (NEW.content, NEW.praise_note, NEW.user_id, NEW.hidden_at, NEW.is_private, NEW.is_anonymous, NEW.created_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_cultivation_groups AFTER INSERT OR DELETE ON cultivation_groups
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_cultivation_groups_changed AFTER UPDATE ON cultivation_groups FOR EACH ROW
  WHEN ((OLD.name, OLD.description, OLD.category, OLD.guidelines, OLD.is_active, OLD.created_at)
    IS DISTINCT FROM (NEW.name, NEW.description, NEW.category, NEW.guidelines, NEW.is_active, NEW.created_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_local_groups AFTER INSERT OR DELETE ON local_groups
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_local_groups_changed AFTER UPDATE ON local_groups FOR EACH ROW
  WHEN ((OLD.name, OLD.description, OLD.location, OLD.meeting_time, OLD.is_active, OLD.created_at)
    IS DISTINCT FROM (NEW.name, NEW.description, NEW.location, NEW.meeting_time, NEW.is_active, NEW.created_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_events AFTER INSERT OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_events_changed AFTER UPDATE ON events FOR EACH ROW
  WHEN ((OLD.title, OLD.description, OLD.starts_at, OLD.group_id, OLD.created_by)
    IS DISTINCT FROM (NEW.title, NEW.description, NEW.starts_at, NEW.group_id, NEW.created_by))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_group_posts AFTER INSERT OR DELETE ON group_posts
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_group_posts_changed AFTER UPDATE ON group_posts FOR EACH ROW
  WHEN ((OLD.content, OLD.praise_note, OLD.user_id, OLD.hidden_at, OLD.group_kind, OLD.group_id, OLD.created_at)
    IS DISTINCT FROM (NEW.content, NEW.praise_note, NEW.user_id, NEW.hidden_at, NEW.group_kind, NEW.group_id, NEW.created_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_video_notes AFTER INSERT OR DELETE ON video_notes
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_video_notes_changed AFTER UPDATE ON video_notes FOR EACH ROW
  WHEN ((OLD.content, OLD.tags, OLD.user_id, OLD.video_id, OLD.timestamp, OLD.created_at)
    IS DISTINCT FROM (NEW.content, NEW.tags, NEW.user_id, NEW.video_id, NEW.timestamp, NEW.created_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_direct_messages AFTER INSERT OR DELETE ON direct_messages
  FOR EACH ROW EXECUTE FUNCTION search_source_changed();--> statement-breakpoint
CREATE TRIGGER search_direct_messages_changed AFTER UPDATE ON direct_messages FOR EACH ROW
  WHEN ((OLD.content, OLD.deleted_at, OLD.sender_id, OLD.conversation_id, OLD.created_at)
    IS DISTINCT FROM (NEW.content, NEW.deleted_at, NEW.sender_id, NEW.conversation_id, NEW.created_at))
  EXECUTE FUNCTION search_source_changed();--> statement-breakpoint

-- Every row of one source, written (what the rebuild and this migration run, a statement a source).
CREATE FUNCTION search_index_source(p_source text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  EXECUTE format(
    'INSERT INTO search_items (source, source_id, kind, title, body, at, user_id, hidden_at, is_private,
        is_anonymous, group_kind, group_id, created_by, conversation_id, video_id, seconds, patron_only,
        vector, title_vector, title_trigrams)
     SELECT d.source, d.source_id, d.kind, d.title, d.body, d.at, d.user_id, d.hidden_at, d.is_private,
        d.is_anonymous, d.group_kind, d.group_id, d.created_by, d.conversation_id, d.video_id, d.seconds,
        d.patron_only, d.vector, d.title_vector, d.title_trigrams
     FROM %I x CROSS JOIN LATERAL search_document(x) d
     WHERE d.source IS NOT NULL', p_source);
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END $$;--> statement-breakpoint

-- The sources: every table with a trigger above.
CREATE FUNCTION search_sources() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['videos', 'articles', 'courses', 'lessons', 'prayer_requests', 'cultivation_groups',
    'local_groups', 'events', 'group_posts', 'video_notes', 'direct_messages']
$$;--> statement-breakpoint

-- The whole table again from its sources, in the caller's transaction (npm run search:reindex);
-- answers how many rows it holds. Searches wait for it rather than see it half made.
CREATE FUNCTION search_reindex() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  source text;
  written bigint := 0;
BEGIN
  TRUNCATE search_items;
  FOREACH source IN ARRAY search_sources() LOOP
    written := written + search_index_source(source);
  END LOOP;
  RETURN written;
END $$;--> statement-breakpoint

-- What is already here, a source at a time: each statement is bounded by its own table's size.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
SELECT search_index_source('videos');--> statement-breakpoint
SELECT search_index_source('articles');--> statement-breakpoint
SELECT search_index_source('courses');--> statement-breakpoint
SELECT search_index_source('lessons');--> statement-breakpoint
SELECT search_index_source('prayer_requests');--> statement-breakpoint
SELECT search_index_source('cultivation_groups');--> statement-breakpoint
SELECT search_index_source('local_groups');--> statement-breakpoint
SELECT search_index_source('events');--> statement-breakpoint
SELECT search_index_source('group_posts');--> statement-breakpoint
SELECT search_index_source('video_notes');--> statement-breakpoint
SELECT search_index_source('direct_messages');
