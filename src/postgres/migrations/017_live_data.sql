-- Live data (issue 44): organizations change in place and job applications are recorded as the
-- firm's ATS produces them. Every live write of the feed's data draws a new feed_version
-- (migration 4) in its transaction.

-- A recorded status change keeps the id it was recorded under, so the same change sent again is
-- known; the changes a snapshot brought have none (NULL).
ALTER TABLE {{schema}}.status_changes ADD COLUMN change_id text;

-- A recording of 10,000 applications writes 100,000 status changes and as many answers: each
-- foreign key checked them one row at a time, two thirds of the write's time on the server (1.8 s
-- of 2.8 s). The recruiting references are now kept as migration 15 keeps the bulk ones, by
-- statement-level triggers: an insert checks every row it names at once, and a deletion deletes
-- what names the deleted rows in one statement, so erasing a candidate still deletes their
-- applications, and erasing an application its history, answers and education. An application's
-- candidate and job are written again by every upsert of it (an application may move to another
-- job): an update checks them as an insert does, set-based, rather than refusing the change. The
-- indexes that covered the keys cover these references (applications_candidate, applications_job,
-- the children's primary keys, candidates' primary key).
ALTER TABLE {{schema}}.candidates DROP CONSTRAINT candidates_org_id_fkey;

ALTER TABLE {{schema}}.applications DROP CONSTRAINT applications_org_id_candidate_id_fkey;

ALTER TABLE {{schema}}.applications DROP CONSTRAINT applications_org_id_job_id_fkey;

ALTER TABLE {{schema}}.status_changes DROP CONSTRAINT status_changes_org_id_application_id_fkey;

ALTER TABLE {{schema}}.custom_field_answers DROP CONSTRAINT custom_field_answers_org_id_application_id_fkey;

ALTER TABLE {{schema}}.application_education DROP CONSTRAINT application_education_org_id_application_id_fkey;

CREATE TRIGGER candidates_organization_exists AFTER INSERT ON {{schema}}.candidates
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.organizations', 'id', 'org_id');

CREATE TRIGGER applications_candidate_exists AFTER INSERT ON {{schema}}.applications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.candidates', 'org_id, id', 'org_id, candidate_id');

CREATE TRIGGER applications_job_exists AFTER INSERT ON {{schema}}.applications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.jobs', 'org_id, id', 'org_id, job_id');

CREATE TRIGGER applications_updated_candidate_exists AFTER UPDATE ON {{schema}}.applications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.candidates', 'org_id, id', 'org_id, candidate_id');

CREATE TRIGGER applications_updated_job_exists AFTER UPDATE ON {{schema}}.applications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.jobs', 'org_id, id', 'org_id, job_id');

CREATE TRIGGER status_changes_application_exists AFTER INSERT ON {{schema}}.status_changes
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.applications', 'org_id, id', 'org_id, application_id');

CREATE TRIGGER custom_field_answers_application_exists AFTER INSERT ON {{schema}}.custom_field_answers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.applications', 'org_id, id', 'org_id, application_id');

CREATE TRIGGER application_education_application_exists AFTER INSERT ON {{schema}}.application_education
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.applications', 'org_id, id', 'org_id, application_id');

-- Deleting an organization deletes its candidates (and its jobs, by their key): each then deletes
-- its applications, and each application its history, answers and education.
CREATE TRIGGER organizations_removed_candidates AFTER DELETE ON {{schema}}.organizations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.candidates', 'org_id', 'id');

CREATE TRIGGER candidates_removed_applications AFTER DELETE ON {{schema}}.candidates
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.applications', 'org_id, candidate_id', 'org_id, id');

CREATE TRIGGER jobs_removed_applications AFTER DELETE ON {{schema}}.jobs
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.applications', 'org_id, job_id', 'org_id, id');

CREATE TRIGGER applications_removed_status_changes AFTER DELETE ON {{schema}}.applications
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.status_changes', 'org_id, application_id', 'org_id, id');

CREATE TRIGGER applications_removed_custom_field_answers AFTER DELETE ON {{schema}}.applications
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.custom_field_answers', 'org_id, application_id', 'org_id, id');

CREATE TRIGGER applications_removed_application_education AFTER DELETE ON {{schema}}.applications
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.application_education', 'org_id, application_id', 'org_id, id');

-- Keys and the children's references never change (a child is deleted and written again).
CREATE TRIGGER candidates_key_fixed BEFORE UPDATE OF org_id, id ON {{schema}}.candidates
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER jobs_key_fixed BEFORE UPDATE OF org_id, id ON {{schema}}.jobs
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER applications_key_fixed BEFORE UPDATE OF org_id, id ON {{schema}}.applications
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER status_changes_application_fixed BEFORE UPDATE OF org_id, application_id ON {{schema}}.status_changes
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.application_id IS DISTINCT FROM NEW.application_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER custom_field_answers_application_fixed BEFORE UPDATE OF org_id, application_id ON {{schema}}.custom_field_answers
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.application_id IS DISTINCT FROM NEW.application_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER application_education_application_fixed BEFORE UPDATE OF org_id, application_id ON {{schema}}.application_education
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.application_id IS DISTINCT FROM NEW.application_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER candidates_not_truncated BEFORE TRUNCATE ON {{schema}}.candidates
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER jobs_not_truncated BEFORE TRUNCATE ON {{schema}}.jobs
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER applications_not_truncated BEFORE TRUNCATE ON {{schema}}.applications
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();
