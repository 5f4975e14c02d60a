-- Up Migration
-- spending_by_award links an awarding agency to its profile page only when the agency has submitted
-- account data: an EXISTS probe on submission_attributes by toptier code for each agency on the page.
CREATE INDEX IF NOT EXISTS submission_attributes_toptier_code_idx ON submission_attributes (toptier_code);

-- Down Migration
DROP INDEX IF EXISTS submission_attributes_toptier_code_idx;
