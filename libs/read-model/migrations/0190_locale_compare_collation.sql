-- Up Migration
-- Text order of JavaScript's String.prototype.localeCompare (ICU root collation, as Node's default locale en-US
-- and `und` give), for queries that sort and page in SQL results the service used to sort in Node (the disaster
-- insight endpoints). Nondeterministic: strings that ICU ranks equal (canonically equivalent, differing only in
-- ignorable characters) compare equal, as localeCompare returns 0 for them, so the next ORDER BY key decides;
-- a deterministic collation would order them by their bytes instead.
CREATE COLLATION locale_compare (provider = icu, locale = 'und', deterministic = false);

-- Down Migration
DROP COLLATION locale_compare;
