-- The change log and the webhook outbox (issue 45). Every write of a transaction that changes job
-- applications' feed records gives each such application one entry, compacted by application
-- (an application's newer entry replaces its older one; an erasure leaves a tombstone), and each
-- new entry makes one event for every enabled webhook endpoint of the organization.
--
-- Commit order: positions are drawn from the organization's change_head by one UPDATE just
-- before the COMMIT, while the transaction holds the organization's writer lock (an advisory
-- transaction lock taken first). Writers run at READ COMMITTED, so that UPDATE reads the head the
-- previous writer committed (at REPEATABLE READ the transaction's snapshot would be the lock
-- statement's, taken before the lock was granted, and the UPDATE a serialization failure). The
-- lock is released only once the COMMIT is visible, so positions are drawn in commit order: a
-- reader's snapshot that holds one writer's entries holds every earlier writer's, and a reader
-- that has read position p never later finds a new entry below p. A sequence would not do: its
-- numbers are drawn in statement order and become visible in commit order.
--
-- A new epoch (a random uuid) begins whenever the organization row is created: createOrganization
-- and loadSnapshot (which replaces the row) get the column default.
ALTER TABLE {{schema}}.organizations
  ADD COLUMN change_epoch text NOT NULL DEFAULT gen_random_uuid()::text,
  ADD COLUMN change_head bigint NOT NULL DEFAULT 0,
  ADD COLUMN change_pruned_through bigint NOT NULL DEFAULT 0;

-- One row per application ever changed in the epoch: the primary key makes the compaction an
-- upsert. Readers page by position (the unique index: a range scan whatever the log's length);
-- pruning finds old tombstones by the partial index, which holds only tombstones.
CREATE TABLE {{schema}}.application_changes (
  org_id text NOT NULL,
  application_id text NOT NULL,
  position bigint NOT NULL,
  changed_at timestamptz NOT NULL,
  deleted boolean NOT NULL,
  PRIMARY KEY (org_id, application_id)
);

CREATE UNIQUE INDEX application_changes_by_position ON {{schema}}.application_changes (org_id, position);

CREATE INDEX application_changes_tombstones ON {{schema}}.application_changes (org_id, changed_at)
  WHERE deleted;

-- Receivers an organization registered. secrets: [{ "secret": "whsec_…", "expiresAt": iso | null }].
CREATE TABLE {{schema}}.webhook_endpoints (
  org_id text NOT NULL,
  id text NOT NULL,
  url text NOT NULL,
  secrets jsonb NOT NULL,
  enabled boolean NOT NULL,
  disabled_reason text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);

-- One event waiting for one endpoint, with its delivery state (the lease of the worker sending
-- it). An application's events reach an endpoint in position order: a claim passes over an event
-- while one of the same endpoint and application with a smaller position waits, found by
-- webhook_events_line (which also covers the reference to the endpoint). Claims walk due events
-- by webhook_events_due across organizations and stop after their batch.
CREATE TABLE {{schema}}.webhook_events (
  org_id text NOT NULL,
  id text NOT NULL,
  endpoint_id text NOT NULL,
  type text NOT NULL CHECK (type IN ('job_application.changed', 'job_application.deleted')),
  application_id text NOT NULL,
  position bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  lease_token text,
  lease_worker text,
  lease_expires_at timestamptz,
  PRIMARY KEY (org_id, id)
);

CREATE INDEX webhook_events_line ON {{schema}}.webhook_events (org_id, endpoint_id, application_id, position);

CREATE INDEX webhook_events_due ON {{schema}}.webhook_events (next_attempt_at, position);

-- The organizations migrated with their applications start their log as a snapshot would: an
-- entry for every application, positions 1..n in id order (member_id_order: UTF-16 order).
INSERT INTO {{schema}}.application_changes (org_id, application_id, position, changed_at, deleted)
SELECT org_id, id,
  row_number() OVER (PARTITION BY org_id ORDER BY {{schema}}.member_id_order(id) COLLATE "C"),
  date_trunc('milliseconds', statement_timestamp()), false
FROM {{schema}}.applications;

UPDATE {{schema}}.organizations o SET change_head = c.entries
FROM (SELECT org_id, count(*) AS entries FROM {{schema}}.application_changes GROUP BY org_id) c
WHERE c.org_id = o.id;

-- The references are kept by statement triggers, as migrations 15 and 17 keep the bulk ones: a
-- recording of 10,000 applications writes 10,000 entries and as many events per endpoint. A
-- tombstone outlives its application, so the log names only its organization.
CREATE TRIGGER application_changes_organization_exists AFTER INSERT ON {{schema}}.application_changes
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.organizations', 'id', 'org_id');

CREATE TRIGGER webhook_endpoints_organization_exists AFTER INSERT ON {{schema}}.webhook_endpoints
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.organizations', 'id', 'org_id');

CREATE TRIGGER webhook_events_endpoint_exists AFTER INSERT ON {{schema}}.webhook_events
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.webhook_endpoints', 'org_id, id', 'org_id, endpoint_id');

-- Replacing an organization drops its log, its endpoints and their events.
CREATE TRIGGER organizations_removed_application_changes AFTER DELETE ON {{schema}}.organizations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.application_changes', 'org_id', 'id');

CREATE TRIGGER organizations_removed_webhook_endpoints AFTER DELETE ON {{schema}}.organizations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.webhook_endpoints', 'org_id', 'id');

CREATE TRIGGER webhook_endpoints_removed_webhook_events AFTER DELETE ON {{schema}}.webhook_endpoints
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.webhook_events', 'org_id, endpoint_id', 'org_id, id');

CREATE TRIGGER application_changes_organization_fixed BEFORE UPDATE OF org_id ON {{schema}}.application_changes
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER webhook_endpoints_key_fixed BEFORE UPDATE OF org_id, id ON {{schema}}.webhook_endpoints
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER webhook_events_endpoint_fixed BEFORE UPDATE OF org_id, endpoint_id ON {{schema}}.webhook_events
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.endpoint_id IS DISTINCT FROM NEW.endpoint_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER webhook_endpoints_not_truncated BEFORE TRUNCATE ON {{schema}}.webhook_endpoints
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();
