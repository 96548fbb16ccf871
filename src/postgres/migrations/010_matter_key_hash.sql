-- A client matter's key (Matter ID, Client Name) is unique in its review cycle, but the spec sets
-- no length for a Matter ID: a btree row holds at most 2,704 bytes, so a long one failed the
-- insert (issue 30). The unique index holds SHA-256 digests of the key's parts instead: 32 bytes
-- each at any length, and no two different texts share one (no collision is known), so the key
-- stays exactly as unique. rpdi reads a cycle's matters and matches keys itself; no query looks
-- a matter up by its key. The text's own bytes are hashed: decode(…, 'escape') of the text with
-- each backslash doubled gives them back (convert_to is not immutable, an index needs it to be).
ALTER TABLE {{schema}}.client_matters
  DROP CONSTRAINT client_matters_org_id_cycle_id_matter_id_client_name_key;

CREATE UNIQUE INDEX client_matters_key ON {{schema}}.client_matters
  (
    org_id,
    cycle_id,
    sha256(decode(replace(matter_id, chr(92), chr(92) || chr(92)), 'escape')),
    sha256(decode(replace(client_name, chr(92), chr(92) || chr(92)), 'escape'))
  );
