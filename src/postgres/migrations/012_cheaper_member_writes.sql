-- What every written member row pays, cut to what is used (issue 30: a 50,000-row PostgreSQL import
-- took 3.0-3.6x the memory store's, COPY members half of it).
-- One index on addresses instead of two: the unique members_email led with org_id, so migration 9
-- added members_email_any_org on lower(email) alone for the other organizations' look-up. A unique
-- index on (lower(email), org_id) is both: the same uniqueness, an equality on both columns for an
-- organization's own look-ups, and its leading column for `org_id <> $1 AND lower(email) = ANY($2)`.
-- Each member row evaluates lower(email) once and enters one text index less.
DROP INDEX {{schema}}.members_email_any_org;

DROP INDEX {{schema}}.members_email;

CREATE UNIQUE INDEX members_email ON {{schema}}.members (lower(email), org_id);

-- The session-epoch trigger runs its function only for a row whose session fields change: the
-- same tests as the function's, in the trigger's WHEN, which the executor evaluates without a call
-- into PL/pgSQL for each of the other updated rows (most of an import's updates).
DROP TRIGGER members_session_epoch ON {{schema}}.members;

CREATE TRIGGER members_session_epoch BEFORE UPDATE ON {{schema}}.members
  FOR EACH ROW WHEN (
    lower(NEW.email) IS DISTINCT FROM lower(OLD.email)
    OR NEW.password_hash IS DISTINCT FROM OLD.password_hash
    OR NEW.mfa_secret IS DISTINCT FROM OLD.mfa_secret
    OR NEW.use_mfa IS DISTINCT FROM OLD.use_mfa
    OR NEW.products IS DISTINCT FROM OLD.products)
  EXECUTE FUNCTION {{schema}}.members_session_epoch();
