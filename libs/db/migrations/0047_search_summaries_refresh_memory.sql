-- Up Migration
-- More memory for the hashed refresh of 0046. The ~3.8M summary groups of the bench dataset (2M awards,
-- 10M transactions) need about 2 GB of hash tables: with work_mem = 1GB the aggregate spilled ~7 GB of input
-- rows to disk and the refresh was no faster than the sorted one; with 3GB (hash_mem_multiplier 2 allows
-- up to 6 GB) nothing spills and the refresh took 194 s instead of 620 s. The setting only applies while
-- the function runs (a batch step after loading), not to the request path.
ALTER FUNCTION refresh_search_summaries() SET work_mem = '3GB';

-- Down Migration
ALTER FUNCTION refresh_search_summaries() SET work_mem = '1GB';
