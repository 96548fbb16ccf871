-- An organization's saved header mappings, one per kind of file (issue 33): the pairs in the order
-- saved, as a JSON array of {source, target}. The primary key leads with the foreign key's column,
-- so it covers it.
CREATE TABLE {{schema}}.column_mappings (
  org_id text NOT NULL REFERENCES {{schema}}.organizations (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('members', 'matters')),
  pairs jsonb NOT NULL CHECK (jsonb_typeof(pairs) = 'array'),
  PRIMARY KEY (org_id, kind)
);
