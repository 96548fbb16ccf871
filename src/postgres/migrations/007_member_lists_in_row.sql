-- A member's products, education and mentors move into the member's row (issue 17). As child
-- tables every imported member cost up to three more rows, each with its own index entries and a
-- foreign-key check fired once per row: about 1.5 s of a 50,000-row import that the memory store
-- does in 1.2 s. In the row they are written, compared and read with the member, in one statement.
-- Member links (manager, mentors) are kept by the rules, no longer by foreign keys: an import
-- refuses a manager or mentor who is not a member, a snapshot must name its own members, and
-- deleteMember unlinks the member's reports and mentees first, in the same transaction. The
-- deferred manager check alone cost 300 ms at the commit of that import (docs/decisions.md).
ALTER TABLE {{schema}}.members DROP CONSTRAINT members_org_id_manager_id_fkey;
ALTER TABLE {{schema}}.members
  ADD COLUMN products jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN education jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN mentor_ids jsonb NOT NULL DEFAULT '[]';
UPDATE {{schema}}.members m SET products = p.list
  FROM (SELECT org_id, member_id, jsonb_agg(jsonb_build_object('product', product, 'role', role) ORDER BY position) AS list
        FROM {{schema}}.member_products GROUP BY org_id, member_id) p
  WHERE m.org_id = p.org_id AND m.id = p.member_id;
UPDATE {{schema}}.members m SET education = e.list
  FROM (SELECT org_id, member_id, jsonb_agg(jsonb_build_object('lawSchool', law_school, 'graduationYear', graduation_year) ORDER BY position) AS list
        FROM {{schema}}.member_education GROUP BY org_id, member_id) e
  WHERE m.org_id = e.org_id AND m.id = e.member_id;
UPDATE {{schema}}.members m SET mentor_ids = t.list
  FROM (SELECT org_id, member_id, jsonb_agg(mentor_id ORDER BY position) AS list
        FROM {{schema}}.member_mentors GROUP BY org_id, member_id) t
  WHERE m.org_id = t.org_id AND m.id = t.member_id;
DROP TABLE {{schema}}.member_products, {{schema}}.member_education, {{schema}}.member_mentors;
-- What the child tables' columns checked, now checked on the lists.
ALTER TABLE {{schema}}.members
  ADD CONSTRAINT members_products_valid CHECK (
    jsonb_typeof(products) = 'array'
    AND NOT jsonb_path_exists(products, '$[*] ? (!(@.product == "RECRUIT" || @.product == "PERFORM" || @.product == "UNI") || !(@.role == "ADMIN" || @.role == "MEMBER"))')),
  ADD CONSTRAINT members_education_valid CHECK (jsonb_typeof(education) = 'array'),
  ADD CONSTRAINT members_mentor_ids_valid CHECK (
    jsonb_typeof(mentor_ids) = 'array'
    AND NOT jsonb_path_exists(mentor_ids, '$[*] ? (@.type() != "string")'));
-- A product's members, in directory order (listProductMembers, allMembersByProduct).
CREATE INDEX members_recruit ON {{schema}}.members (org_id, seq) WHERE products @> '[{"product": "RECRUIT"}]';
CREATE INDEX members_perform ON {{schema}}.members (org_id, seq) WHERE products @> '[{"product": "PERFORM"}]';
CREATE INDEX members_uni ON {{schema}}.members (org_id, seq) WHERE products @> '[{"product": "UNI"}]';
-- A member's mentees (deleteMember's unlinking); only members with mentors have entries. Without
-- fastupdate: a bulk import's entries would wait in the pending list, which every look-up reads
-- whole until a vacuum (247 pages, 30 ms, for one delete after a 50,000-member snapshot).
CREATE INDEX members_mentees ON {{schema}}.members USING gin (mentor_ids) WITH (fastupdate = off)
  WHERE mentor_ids <> '[]';
