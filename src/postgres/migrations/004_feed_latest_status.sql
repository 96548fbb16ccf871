-- The feed's record carries each application's latest status time; kept on the application so a
-- query reads it with the row instead of probing every shown application's history again.
ALTER TABLE {{schema}}.applications ADD COLUMN last_status_at timestamptz;
UPDATE {{schema}}.applications a SET last_status_at = latest.at
  FROM (SELECT org_id, application_id, max(at) AS at FROM {{schema}}.status_changes GROUP BY org_id, application_id) latest
  WHERE a.org_id = latest.org_id AND a.id = latest.application_id;
-- Each organization row gets a new feed version whenever a snapshot replaces it (the only write
-- of applications, candidates, jobs and the profile): an instance's in-process feed index is
-- used only by a transaction that reads the version it was built from.
CREATE SEQUENCE {{schema}}.feed_versions;
ALTER TABLE {{schema}}.organizations ADD COLUMN feed_version bigint NOT NULL DEFAULT nextval('{{schema}}.feed_versions');
