-- Several delivery workers share the welcome-email outbox (issue 18): a worker leases a batch
-- (FOR UPDATE SKIP LOCKED), sends it, and deletes what it sent under its lease token. A lease
-- that expires unacknowledged (the worker died mid-send) makes the email claimable again.
ALTER TABLE {{schema}}.welcome_emails
  ADD COLUMN lease_token text,
  ADD COLUMN leased_by text,
  ADD COLUMN lease_expires_at timestamptz;
-- The claim walks the outbox oldest first across organizations and stops after its batch: the
-- rows it passes over are only those leased right now (at most the workers' batches), never the
-- whole table.
CREATE INDEX welcome_emails_claim_order ON {{schema}}.welcome_emails (seq);
