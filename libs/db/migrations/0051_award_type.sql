-- Up Migration
-- Award type codes and the groups clients filter by (`/api/v2/references/award_types/`). The list is
-- part of the API definition rather than loaded data, so the migration seeds it.
-- group_name: contracts | idvs | grants | direct_payments | loans | other_financial_assistance.

CREATE TABLE award_type (
  code        text PRIMARY KEY,
  description text NOT NULL,
  group_name  text NOT NULL CHECK (group_name IN
    ('contracts', 'idvs', 'grants', 'direct_payments', 'loans', 'other_financial_assistance')),
  sort_order  integer NOT NULL
);

INSERT INTO award_type (code, description, group_name, sort_order) VALUES
  ('A', 'BPA Call', 'contracts', 1),
  ('B', 'Purchase Order', 'contracts', 2),
  ('C', 'Delivery Order', 'contracts', 3),
  ('D', 'Definitive Contract', 'contracts', 4),
  ('IDV_A', 'GWAC Government Wide Acquisition Contract', 'idvs', 5),
  ('IDV_B', 'IDC Multi-Agency Contract, Other Indefinite Delivery Contract', 'idvs', 6),
  ('IDV_B_A', 'IDC Indefinite Delivery Contract / Requirements', 'idvs', 7),
  ('IDV_B_B', 'IDC Indefinite Delivery Contract / Indefinite Quantity', 'idvs', 8),
  ('IDV_B_C', 'IDC Indefinite Delivery Contract / Definite Quantity', 'idvs', 9),
  ('IDV_C', 'FSS Federal Supply Schedule', 'idvs', 10),
  ('IDV_D', 'BOA Basic Ordering Agreement', 'idvs', 11),
  ('IDV_E', 'BPA Blanket Purchase Agreement', 'idvs', 12),
  ('02', 'Block Grant', 'grants', 13),
  ('03', 'Formula Grant', 'grants', 14),
  ('04', 'Project Grant', 'grants', 15),
  ('05', 'Cooperative Agreement', 'grants', 16),
  ('06', 'Direct Payment for Specified Use', 'direct_payments', 17),
  ('10', 'Direct Payment with Unrestricted Use', 'direct_payments', 18),
  ('07', 'Direct Loan', 'loans', 19),
  ('08', 'Guaranteed/Insured Loan', 'loans', 20),
  ('09', 'Insurance', 'other_financial_assistance', 21),
  ('11', 'Other Financial Assistance', 'other_financial_assistance', 22),
  ('-1', 'Not Specified', 'other_financial_assistance', 23);

-- Down Migration
DROP TABLE award_type;
