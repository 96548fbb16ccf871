-- The last TOTP time step accepted for each member (RFC 6238 §5.2: a code is accepted once).
-- The primary key leads with the foreign key's columns, so it covers it.
CREATE TABLE {{schema}}.totp_steps (
  org_id text NOT NULL,
  member_id text NOT NULL,
  step bigint NOT NULL,
  PRIMARY KEY (org_id, member_id),
  FOREIGN KEY (org_id, member_id) REFERENCES {{schema}}.members (org_id, id) ON DELETE CASCADE
);
