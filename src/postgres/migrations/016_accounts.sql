-- Accounts: invitation and recovery tokens, MFA enrollments begun and not yet confirmed, and the
-- emails that carry the tokens. Times are ISO-8601 text, as the outbox's created_at: a snapshot
-- reads back what it wrote.

-- The outbox also carries an invitation sent again and a password recovery, which name no
-- product. An email that carries a token keeps its copy (and its expiry) until it is sent: the
-- token tables keep only the hashes.
ALTER TABLE {{schema}}.welcome_emails ALTER COLUMN product DROP NOT NULL;

ALTER TABLE {{schema}}.welcome_emails DROP CONSTRAINT welcome_emails_reason_check;

ALTER TABLE {{schema}}.welcome_emails
  ADD CONSTRAINT welcome_emails_reason_check
    CHECK (reason IN ('MEMBER_CREATED', 'PRODUCT_GRANTED', 'INVITATION', 'PASSWORD_RECOVERY')),
  ADD COLUMN token text,
  ADD COLUMN token_expires_at text;

-- A member's live tokens, at most one per purpose (a newer one replaces it), as SHA-256 hashes.
-- A token is found by its hash: at most one row per organization, purpose and hash. An import
-- writes one per member it creates, so the reference to the member is kept as migration 15 keeps
-- the bulk ones: checked once per statement, and deleted with the member (and so with an
-- organization, whose members its triggers delete). The primary key leads with the reference's
-- columns, so it covers it.
CREATE TABLE {{schema}}.account_tokens (
  org_id text NOT NULL,
  member_id text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('INVITATION', 'RECOVERY')),
  token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  email text NOT NULL,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  PRIMARY KEY (org_id, member_id, purpose)
);

CREATE UNIQUE INDEX account_tokens_hash ON {{schema}}.account_tokens (org_id, purpose, token_hash);

-- A member's MFA enrollment begun and not yet confirmed: at most one, the latest. Its reference to
-- the member is kept like the tokens'; the primary key is the reference's columns, so it covers it.
CREATE TABLE {{schema}}.mfa_enrollments (
  org_id text NOT NULL,
  member_id text NOT NULL,
  secret text NOT NULL,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  PRIMARY KEY (org_id, member_id)
);

CREATE TRIGGER account_tokens_member_exists AFTER INSERT ON {{schema}}.account_tokens
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.members', 'org_id, id', 'org_id, member_id');

CREATE TRIGGER mfa_enrollments_member_exists AFTER INSERT ON {{schema}}.mfa_enrollments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.members', 'org_id, id', 'org_id, member_id');

CREATE TRIGGER members_removed_account_tokens AFTER DELETE ON {{schema}}.members
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.account_tokens', 'org_id, member_id', 'org_id, id');

CREATE TRIGGER members_removed_mfa_enrollments AFTER DELETE ON {{schema}}.members
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.mfa_enrollments', 'org_id, member_id', 'org_id, id');

CREATE TRIGGER account_tokens_member_fixed BEFORE UPDATE OF org_id, member_id ON {{schema}}.account_tokens
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.member_id IS DISTINCT FROM NEW.member_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER mfa_enrollments_member_fixed BEFORE UPDATE OF org_id, member_id ON {{schema}}.mfa_enrollments
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.member_id IS DISTINCT FROM NEW.member_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

-- A member's links were mailed to the address the member had: once the address changes, they are
-- void, and stay void if the address comes back. Only rows whose address changes call this (the
-- trigger's WHEN, evaluated without a call into PL/pgSQL for the other updated rows).
CREATE FUNCTION {{schema}}.members_address_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  DELETE FROM {{schema}}.account_tokens WHERE org_id = NEW.org_id AND member_id = NEW.id
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER members_address_changed AFTER UPDATE OF email ON {{schema}}.members
  FOR EACH ROW WHEN (lower(NEW.email) IS DISTINCT FROM lower(OLD.email))
  EXECUTE FUNCTION {{schema}}.members_address_changed();
