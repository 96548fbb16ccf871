-- A member's session epoch: how many times their sessions were ended (logout, endSessions). Every
-- session token carries a stamp over it, so raising it ends the sessions made before (issue 29).
ALTER TABLE {{schema}}.members
  ADD COLUMN session_epoch integer NOT NULL DEFAULT 0 CHECK (session_epoch >= 0);

-- A change to what a member's sessions vouch for (address, password, MFA, product roles) raises
-- the epoch in the same statement, however it is written: a session's stamp then never matches
-- again, even once the change is undone (MFA turned on and off again, an address changed back).
CREATE FUNCTION {{schema}}.members_session_epoch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF lower(NEW.email) IS DISTINCT FROM lower(OLD.email)
     OR NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR NEW.mfa_secret IS DISTINCT FROM OLD.mfa_secret
     OR NEW.use_mfa IS DISTINCT FROM OLD.use_mfa
     OR NEW.products IS DISTINCT FROM OLD.products THEN
    -- (No line of the body ends in a semicolon: migrate() splits statements there.)
    NEW.session_epoch := GREATEST(NEW.session_epoch, OLD.session_epoch + 1); END IF; RETURN NEW; END
$$;

CREATE TRIGGER members_session_epoch BEFORE UPDATE ON {{schema}}.members
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.members_session_epoch();
