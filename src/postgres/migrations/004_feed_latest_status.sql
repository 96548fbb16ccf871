-- The feed's record carries each application's latest status time; kept on the application so a
-- query reads it with the row instead of probing every shown application's history again.
ALTER TABLE {{schema}}.applications ADD COLUMN last_status_at timestamptz;
UPDATE {{schema}}.applications a SET last_status_at = latest.at
  FROM (SELECT org_id, application_id, max(at) AS at FROM {{schema}}.status_changes GROUP BY org_id, application_id) latest
  WHERE a.org_id = latest.org_id AND a.id = latest.application_id;
