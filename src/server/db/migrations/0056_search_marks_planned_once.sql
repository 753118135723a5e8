-- The query a snippet marks words by (decision 072): the same forms as before, written as one
-- expression without a sub-select, neither strict nor immutable (array_to_string is stable), so
-- PostgreSQL writes it into the statement that calls it and plans it with the statement, once. As
-- a function it could not take in, its body was parsed and planned again at every search: about a
-- tenth of a search's time in the database. A null query still gives null (every function it
-- calls is strict); only searches call it, no index.
CREATE OR REPLACE FUNCTION search_hebrew_forms(query tsquery) RETURNS tsquery
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(query::text, '(^|[^''])''([\u05D0-\u05EA]+)''(?!'')',
    '\1( ''\2'' | ''' || array_to_string(search_prefixes(), '\2'' | ''') || '\2'' )', 'g')::tsquery
$$;
