-- The references that imports and upserts write by the thousand are checked once per statement,
-- not once per row (issue 30). A foreign key runs a query and locks the referenced row for every
-- inserted row: a third of a 10,000-row matter upsert's COPY time, and a share of a member
-- import's welcome emails. Each reference below is now kept by statement-level triggers with
-- transition tables. The child's, after an insert, locks the referenced rows FOR KEY SHARE and
-- counts them in one statement (one snapshot, as a foreign key's check and lock are one query),
-- and refuses the statement if fewer exist than its rows name. The parent's, after a delete,
-- deletes what named the deleted rows in one statement (ON DELETE CASCADE). A reference column
-- never changes once written, nor does a referenced key: rpdi never moves a row, so the triggers
-- refuse it rather than check it. The statements run by EXECUTE, planned for each call's own
-- rows: a plan cached for one import's thousands of rows would scan whole tables for the single
-- row that follows on the same connection. The indexes that covered the foreign keys cover these
-- references. ALTER TABLE ... DISABLE TRIGGER USER now turns them off, as it never did a key.
ALTER TABLE {{schema}}.members DROP CONSTRAINT members_org_id_fkey;

ALTER TABLE {{schema}}.welcome_emails DROP CONSTRAINT welcome_emails_org_id_fkey;

ALTER TABLE {{schema}}.client_matters DROP CONSTRAINT client_matters_org_id_cycle_id_fkey;

ALTER TABLE {{schema}}.matter_entries DROP CONSTRAINT matter_entries_org_id_client_matter_id_fkey;

-- One function for every reference, told which by the trigger's arguments: the referenced table,
-- its key columns, and the inserted table's columns that name it. (No line of a body ends in a
-- semicolon: migrate() splits statements there.)
CREATE FUNCTION {{schema}}.referenced_rows_exist() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE named_exist boolean
  ; BEGIN
  EXECUTE format('SELECT (SELECT count(*) FROM (SELECT 1 FROM %1$s p WHERE (%2$s) IN (SELECT %3$s FROM added) FOR KEY SHARE OF p) locked)
    = (SELECT count(*) FROM (SELECT DISTINCT %3$s FROM added) named)', TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]) INTO named_exist
  ; IF NOT named_exist THEN
    RAISE EXCEPTION 'insert on table "%" names a row of % that does not exist', TG_TABLE_NAME, TG_ARGV[0]
      USING ERRCODE = 'foreign_key_violation'
  ; END IF
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER members_organization_exists AFTER INSERT ON {{schema}}.members
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.organizations', 'id', 'org_id');

CREATE TRIGGER welcome_emails_organization_exists AFTER INSERT ON {{schema}}.welcome_emails
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.organizations', 'id', 'org_id');

CREATE TRIGGER client_matters_review_cycle_exists AFTER INSERT ON {{schema}}.client_matters
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.review_cycles', 'org_id, id', 'org_id, cycle_id');

CREATE TRIGGER matter_entries_client_matter_exists AFTER INSERT ON {{schema}}.matter_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.referenced_rows_exist('{{schema}}.client_matters', 'org_id, id', 'org_id, client_matter_id');

-- A removal deletes what names the removed rows in its own statement's snapshot: at READ COMMITTED
-- that sees every reference committed before it. An uncommitted one either holds its parent FOR
-- KEY SHARE already, so the removal waited for it, or takes that lock after the removal and finds
-- the parent gone. At REPEATABLE READ or SERIALIZABLE the snapshot is the transaction's, and a
-- reference committed after it would be left behind where a foreign key raises a serialization
-- failure: such a removal is refused. rpdi's writes run at READ COMMITTED. The arguments: the
-- table whose rows name the removed ones, its naming columns, and the removed rows' key columns.
CREATE FUNCTION {{schema}}.naming_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'a removal that deletes what names the removed rows runs at READ COMMITTED, not %', current_setting('transaction_isolation')
      USING ERRCODE = 'invalid_transaction_state'
  ; END IF
  ; EXECUTE format('DELETE FROM %1$s WHERE (%2$s) IN (SELECT %3$s FROM removed)', TG_ARGV[0], TG_ARGV[1], TG_ARGV[2])
  ; RETURN NULL
  ; END
$$;

CREATE TRIGGER organizations_removed_members AFTER DELETE ON {{schema}}.organizations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.members', 'org_id', 'id');

CREATE TRIGGER organizations_removed_welcome_emails AFTER DELETE ON {{schema}}.organizations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.welcome_emails', 'org_id', 'id');

CREATE TRIGGER review_cycles_removed AFTER DELETE ON {{schema}}.review_cycles
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.client_matters', 'org_id, cycle_id', 'org_id, id');

CREATE TRIGGER client_matters_removed AFTER DELETE ON {{schema}}.client_matters
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION {{schema}}.naming_rows_removed('{{schema}}.matter_entries', 'org_id, client_matter_id', 'org_id, id');

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

CREATE TRIGGER organizations_not_truncated BEFORE TRUNCATE ON {{schema}}.organizations
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER review_cycles_not_truncated BEFORE TRUNCATE ON {{schema}}.review_cycles
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();

CREATE TRIGGER client_matters_not_truncated BEFORE TRUNCATE ON {{schema}}.client_matters
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.reference_is_fixed();
