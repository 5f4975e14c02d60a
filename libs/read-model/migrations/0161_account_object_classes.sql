-- Up Migration
-- The object classes of each federal account's File B rows (any year), as the federal account page's
-- available_object_classes lists them: one index range per request instead of a distinct over the account's
-- category rows and a join per request. refresh_account_summaries() rebuilds it with the other account summaries.
CREATE TABLE account_object_class (
  federal_account_id      integer NOT NULL,
  major_object_class      text NOT NULL,
  major_object_class_name text NOT NULL,
  object_class            text NOT NULL,
  object_class_name       text NOT NULL,
  PRIMARY KEY (federal_account_id, major_object_class, object_class, object_class_name, major_object_class_name)
);

INSERT INTO account_object_class
SELECT DISTINCT c.federal_account_id, oc.major_object_class, oc.major_object_class_name, oc.object_class, oc.object_class_name
FROM account_fy_tas_category c JOIN object_class oc ON oc.id = c.object_class_id
WHERE c.federal_account_id IS NOT NULL;
