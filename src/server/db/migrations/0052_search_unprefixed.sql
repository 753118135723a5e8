-- Search, faster (decision 072): a Hebrew word is indexed also without its prefixes, so a query
-- keeps one term per word; bodies are stored folded, so a snippet is cut without folding again.

-- The one- and two-letter prefixes a Hebrew word may stand behind: ו ה ב כ ל מ ש and the usual pairs.
CREATE FUNCTION search_prefixes() RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['ו', 'ה', 'ב', 'כ', 'ל', 'מ', 'ש', 'וה', 'וב', 'וכ', 'ול', 'ומ', 'וש',
               'שה', 'שב', 'שכ', 'של', 'שמ', 'מה', 'מש', 'כש']
$$;--> statement-breakpoint

-- A document's vector with each Hebrew word also without each prefix it starts with, at the same
-- places and weights ("ובבית" at 3 is also "בבית" and "בית" at 3): a query's "בית" finds it with no
-- alternatives, and a phrase still reads the words in their order. What remains has two letters at
-- least. Written on tsvector's text form ('ובבית':3A), the one way to give lexemes their places:
-- each pass writes every Hebrew lexeme that starts with a prefix without it, and reading the text
-- back merges the lexemes that are there twice. In PL/pgSQL, whose plans a session keeps: the
-- triggers call it for every row.
CREATE FUNCTION search_unprefixed(v tsvector) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  t text := v::text;
  one text;
  two text;
BEGIN
  IF t !~ '[\u05D0-\u05EA]' THEN
    RETURN v;
  END IF;
  SELECT string_agg(p, '|') FILTER (WHERE length(p) = 1), string_agg(p, '|') FILTER (WHERE length(p) = 2)
    INTO one, two FROM unnest(search_prefixes()) p;
  RETURN (t
    || ' ' || regexp_replace(t, '(^| )''(?:' || one || ')([\u05D0-\u05EA]{2,})''(?!'')', '\1''\2''', 'g')
    || ' ' || regexp_replace(t, '(^| )''(?:' || two || ')([\u05D0-\u05EA]{2,})''(?!'')', '\1''\2''', 'g')
  )::tsvector;
END $$;--> statement-breakpoint

-- What she typed as a search: her words stemmed (English), Hebrew ones as written (the index holds
-- each also without its prefixes).
CREATE OR REPLACE FUNCTION search_query(input text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT websearch_to_tsquery('english', search_fold(input))
$$;--> statement-breakpoint

-- A query's Hebrew words also behind each prefix: what a snippet marks, word as written.
CREATE OR REPLACE FUNCTION search_hebrew_forms(query tsquery) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(query::text, '(^|[^''])''([\u05D0-\u05EA]+)''(?!'')',
    '\1( ''\2''' || (SELECT string_agg(' | ''' || p || '\2''', '') FROM unnest(search_prefixes()) p) || ' )',
    'g')::tsquery
$$;--> statement-breakpoint

-- What she is typing, as a query on titles: every word she typed as the start of a word, unstemmed
-- ("walki" finds "Walking", "בי" finds "הבית", whose title vector holds "בית").
CREATE OR REPLACE FUNCTION search_prefix_query(input text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''':*', ' & '), '')::tsquery
  FROM unnest(tsvector_to_array(to_tsvector('simple', search_fold(input)))) lexeme
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_item(
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
  item.title_vector := search_unprefixed(to_tsvector('simple', folded_title));
  item.title_trigrams := search_trigrams(item.title);
  RETURN item;
END $$;--> statement-breakpoint

-- Snippets are cut from the stored body and given their final letters by the app.
DROP FUNCTION search_display(text);--> statement-breakpoint

-- The rows already here: their vectors gain the unprefixed words, their bodies are folded (folding
-- folded text changes nothing).
SET LOCAL statement_timeout = 0;--> statement-breakpoint
UPDATE search_items SET body = search_fold(body), vector = search_unprefixed(vector),
  title_vector = search_unprefixed(title_vector);
