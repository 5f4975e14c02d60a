-- Up Migration
-- Migration 0100 added (treasury account, submission) indexes to File A and File B under new names, beside the
-- baseline's indexes on the same two columns. Each write kept two identical indexes up to date (8.3M File B rows
-- at bench scale); the planner can use only one. The baseline's stay.
DROP INDEX IF EXISTS aab_tas_submission_idx;
DROP INDEX IF EXISTS fabpaoc_tas_submission_idx;
