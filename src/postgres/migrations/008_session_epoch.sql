-- A member's session epoch: how many times their sessions were ended (logout, endSessions). Every
-- session token carries a stamp over it, so raising it ends the sessions made before (issue 29).
ALTER TABLE {{schema}}.members
  ADD COLUMN session_epoch integer NOT NULL DEFAULT 0 CHECK (session_epoch >= 0);
