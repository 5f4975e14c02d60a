-- Up Migration
-- The change-recording triggers that a bulk load drops for its duration (functions/drop_change_recording_triggers.sql),
-- with their definitions, until set_change_recording(true) creates them again. Disabling them is not enough for a
-- load: PostgreSQL fills the transition table (`REFERENCING NEW TABLE`) of a disabled trigger all the same, so a
-- bench-scale COPY kept a second copy of every row it wrote in temporary files (16.5 GB).

CREATE TABLE change_recording_dropped_trigger (
  table_name text NOT NULL,
  trigger_name text NOT NULL,
  definition text NOT NULL,
  PRIMARY KEY (table_name, trigger_name)
);
