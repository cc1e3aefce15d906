-- search_grams reads a whole text: tell the planner it is dear, so it narrows by the GIN indexes
-- (ADR 0059) instead of computing it row by row in a sequential scan or a filter.
ALTER FUNCTION search_grams(text) COST 10000;
