-- The references that imports and upserts write by the thousand are checked once per statement,
-- not once per row (issue 30). A foreign key runs a query and locks the referenced row for every
-- inserted row: a third of a 10,000-row matter upsert's COPY time, and the same share of a member
-- import's welcome emails. Each reference below is now kept by two statement-level triggers with
-- transition tables: the child's checks every row a statement inserted in one anti-join, after
-- locking the referenced rows FOR KEY SHARE in one statement (as a foreign key does, so a
-- concurrent delete waits or is seen); the parent's deletes the children of every deleted row in
-- one statement (ON DELETE CASCADE). A reference column never changes once written, nor does a
-- referenced key: rpdi never moves a row, so the triggers refuse it rather than check it. The
-- indexes that covered the foreign keys stay and cover these references.
ALTER TABLE {{schema}}.members DROP CONSTRAINT members_org_id_fkey;

ALTER TABLE {{schema}}.welcome_emails DROP CONSTRAINT welcome_emails_org_id_fkey;

ALTER TABLE {{schema}}.client_matters DROP CONSTRAINT client_matters_org_id_cycle_id_fkey;

ALTER TABLE {{schema}}.matter_entries DROP CONSTRAINT matter_entries_org_id_client_matter_id_fkey;

-- (No line of a body ends in a semicolon: migrate() splits statements there.)
CREATE FUNCTION {{schema}}.organization_of_added_exists() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM 1 FROM {{schema}}.organizations o WHERE o.id IN (SELECT a.org_id FROM added a) FOR KEY SHARE OF o
  ; IF EXISTS (SELECT 1 FROM added a WHERE NOT EXISTS (SELECT 1 FROM {{schema}}.organizations o WHERE o.id = a.org_id)) THEN
    RAISE EXCEPTION 'insert on table "%" names an organization that does not exist', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation'
  ; END IF
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER members_organization_exists AFTER INSERT ON {{schema}}.members
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.organization_of_added_exists();

CREATE TRIGGER welcome_emails_organization_exists AFTER INSERT ON {{schema}}.welcome_emails
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.organization_of_added_exists();

CREATE FUNCTION {{schema}}.review_cycle_of_added_exists() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM 1 FROM {{schema}}.review_cycles p WHERE (p.org_id, p.id) IN (SELECT a.org_id, a.cycle_id FROM added a) FOR KEY SHARE OF p
  ; IF EXISTS (SELECT 1 FROM added a WHERE NOT EXISTS (SELECT 1 FROM {{schema}}.review_cycles p WHERE p.org_id = a.org_id AND p.id = a.cycle_id)) THEN
    RAISE EXCEPTION 'insert on table "%" names a review cycle that does not exist', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation'
  ; END IF
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER client_matters_review_cycle_exists AFTER INSERT ON {{schema}}.client_matters
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.review_cycle_of_added_exists();

CREATE FUNCTION {{schema}}.client_matter_of_added_exists() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM 1 FROM {{schema}}.client_matters p WHERE (p.org_id, p.id) IN (SELECT a.org_id, a.client_matter_id FROM added a) FOR KEY SHARE OF p
  ; IF EXISTS (SELECT 1 FROM added a WHERE NOT EXISTS (SELECT 1 FROM {{schema}}.client_matters p WHERE p.org_id = a.org_id AND p.id = a.client_matter_id)) THEN
    RAISE EXCEPTION 'insert on table "%" names a client matter that does not exist', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation'
  ; END IF
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER matter_entries_client_matter_exists AFTER INSERT ON {{schema}}.matter_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.client_matter_of_added_exists();

CREATE FUNCTION {{schema}}.organizations_removed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  DELETE FROM {{schema}}.members m USING removed r WHERE m.org_id = r.id
  ; DELETE FROM {{schema}}.welcome_emails w USING removed r WHERE w.org_id = r.id
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER organizations_removed AFTER DELETE ON {{schema}}.organizations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.organizations_removed();

CREATE FUNCTION {{schema}}.review_cycles_removed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  DELETE FROM {{schema}}.client_matters c USING removed r WHERE c.org_id = r.org_id AND c.cycle_id = r.id
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER review_cycles_removed AFTER DELETE ON {{schema}}.review_cycles
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.review_cycles_removed();

CREATE FUNCTION {{schema}}.client_matters_removed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  DELETE FROM {{schema}}.matter_entries e USING removed r WHERE e.org_id = r.org_id AND e.client_matter_id = r.id
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER client_matters_removed AFTER DELETE ON {{schema}}.client_matters
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.client_matters_removed();

-- A key or reference changed by an UPDATE, or a referenced table emptied by TRUNCATE, is refused.
-- The UPDATE triggers name their columns, so an update that does not set them never calls this.
CREATE FUNCTION {{schema}}.reference_is_fixed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  RAISE EXCEPTION '% on table "%" would change a key or a reference, which never change', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'foreign_key_violation'
  ; END
$$;

CREATE TRIGGER organizations_key_fixed BEFORE UPDATE OF id ON {{schema}}.organizations
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER members_organization_fixed BEFORE UPDATE OF org_id ON {{schema}}.members
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER welcome_emails_organization_fixed BEFORE UPDATE OF org_id ON {{schema}}.welcome_emails
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER review_cycles_key_fixed BEFORE UPDATE OF org_id, id ON {{schema}}.review_cycles
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER client_matters_key_fixed BEFORE UPDATE OF org_id, id, cycle_id ON {{schema}}.client_matters
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.id IS DISTINCT FROM NEW.id OR OLD.cycle_id IS DISTINCT FROM NEW.cycle_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER matter_entries_client_matter_fixed BEFORE UPDATE OF org_id, client_matter_id ON {{schema}}.matter_entries
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.client_matter_id IS DISTINCT FROM NEW.client_matter_id)
  EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER review_cycles_not_truncated BEFORE TRUNCATE ON {{schema}}.review_cycles
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER client_matters_not_truncated BEFORE TRUNCATE ON {{schema}}.client_matters
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();
