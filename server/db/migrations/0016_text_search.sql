-- Characters and character pairs of a text, lower-cased, none holding white space (ADR 0059):
-- what the search indexes, since pg_trgm finds no trigrams in Chinese on a C-locale cluster.
CREATE FUNCTION search_grams(doc text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
  FROM (SELECT lower(doc) AS d) AS x,
       LATERAL generate_series(1, char_length(x.d)) AS i,
       LATERAL (VALUES (substr(x.d, i, 1)), (substr(x.d, i, 2))) AS v(g)
  WHERE g !~ '\s'
$$;--> statement-breakpoint
-- What a search term asks the index for: its character pairs, or its one character.
CREATE FUNCTION search_query_grams(term text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN char_length(t) < 2 THEN ARRAY[t]
    ELSE ARRAY(SELECT DISTINCT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i) END
  FROM (SELECT lower(term) AS t) AS x
$$;--> statement-breakpoint
CREATE INDEX "appeals_search_idx" ON "appeals" USING gin (search_grams(("title" || ' ' || "content" || ' ' || "phone")));--> statement-breakpoint
CREATE INDEX "news_search_idx" ON "news" USING gin (search_grams(("title" || ' ' || "summary" || ' ' || regexp_replace("content", '<[^>]*>', ' ', 'g'))));--> statement-breakpoint
CREATE INDEX "photo_reports_search_idx" ON "photo_reports" USING gin (search_grams(("description" || ' ' || "location")));--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin (search_grams(("title" || ' ' || regexp_replace("content", '<[^>]*>', ' ', 'g'))));--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (search_grams(("name" || ' ' || "account" || ' ' || "phone")));
