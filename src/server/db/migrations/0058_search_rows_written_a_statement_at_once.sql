-- A write that inserts or deletes rows of a source now writes their search rows in one statement,
-- from a trigger for each statement over the rows it changed (a transition table), where a trigger
-- for each row ran an INSERT of its own: starting and ending that INSERT (opening every index of
-- search_items, checking for a conflict no new row can have) cost more than making the row. Updates
-- keep their row triggers, which fire only when a column the row is made of changes.
--
-- An item's title is cut by PL/pgSQL, planned once a session: as an SQL function with a sub-select
-- it could not be inlined, and was parsed and planned again in every transaction that wrote a row.
CREATE OR REPLACE FUNCTION search_title_of(content text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  t text := btrim(regexp_replace(left(content, 400), '\s+', ' ', 'g'));
BEGIN
  IF length(t) <= 80 THEN
    RETURN t;
  END IF;
  RETURN coalesce(nullif(left(t, 81 - strpos(reverse(left(t, 81)), ' ')), ''), left(t, 80)) || '…';
END $$;--> statement-breakpoint

-- A source's rows deleted by one statement leave search_items together.
CREATE FUNCTION search_rows_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_items s USING deleted_rows o WHERE s.source = TG_TABLE_NAME AND s.source_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Each source: a function writing the rows one statement inserted (its own, as each source has its own
-- search_document), and the two statement triggers in place of the row trigger for inserts and deletes.
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY search_sources() LOOP
    EXECUTE format($function$
      CREATE FUNCTION %1$I() RETURNS trigger
      LANGUAGE plpgsql AS $body$
      BEGIN
        INSERT INTO search_items (source, source_id, kind, title, body, at, user_id, hidden_at, is_private,
            is_anonymous, group_kind, group_id, created_by, conversation_id, video_id, seconds, patron_only,
            vector, title_vector, title_trigrams)
          SELECT d.source, d.source_id, d.kind, d.title, d.body, d.at, d.user_id, d.hidden_at, d.is_private,
            d.is_anonymous, d.group_kind, d.group_id, d.created_by, d.conversation_id, d.video_id, d.seconds,
            d.patron_only, d.vector, d.title_vector, d.title_trigrams
          FROM inserted_rows r CROSS JOIN LATERAL search_document(r::%2$I) d
          WHERE d.source IS NOT NULL;
        RETURN NULL;
      END $body$
    $function$, 'search_' || source || '_inserted', source);
    EXECUTE format('DROP TRIGGER %I ON %I', 'search_' || source, source);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted_rows
      FOR EACH STATEMENT EXECUTE FUNCTION %I()', 'search_' || source || '_inserted', source,
      'search_' || source || '_inserted');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS deleted_rows
      FOR EACH STATEMENT EXECUTE FUNCTION search_rows_deleted()', 'search_' || source || '_deleted', source);
  END LOOP;
END $$;
--> statement-breakpoint

-- Only a kind with titles of its own has its title's words and trigrams read (suggestions, a
-- mistyped search); a request, a post, a note or a message is titled by its first words, and making
-- those two for it was a third of the cost of making its row. Rows already written keep theirs.
CREATE OR REPLACE FUNCTION search_item(
  p_source text, p_source_id integer, p_kind text, p_title text, p_body text, p_at timestamptz,
  p_user_id integer DEFAULT NULL, p_hidden_at timestamptz DEFAULT NULL, p_is_private boolean DEFAULT false,
  p_is_anonymous boolean DEFAULT false, p_group_kind text DEFAULT NULL, p_group_id integer DEFAULT NULL,
  p_created_by integer DEFAULT NULL, p_conversation_id integer DEFAULT NULL, p_video_id integer DEFAULT NULL,
  p_seconds integer DEFAULT NULL, p_patron_only boolean DEFAULT false
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
  item.body := search_fold(coalesce(p_body, ''));
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
  item.vector := search_unprefixed(setweight(to_tsvector('english', folded_title), 'A')
    || setweight(to_tsvector('english', item.body), 'B'));
  IF p_kind IN ('teaching', 'article', 'course', 'lesson', 'group', 'event') THEN
    item.title_vector := search_unprefixed(to_tsvector('simple', folded_title));
    item.title_trigrams := search_trigrams(item.title);
  ELSE
    item.title_vector := ''::tsvector;
    item.title_trigrams := '';
  END IF;
  RETURN item;
END $$;
