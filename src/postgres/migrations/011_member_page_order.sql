-- A product's members a page at a time, by id (GraphQL membersByProduct, listProductMemberPage;
-- issue 30). The pages walk the organization's holders in id order from the cursor and stop after
-- the page: before these indexes each page read and sorted every holder (the seq indexes give
-- directory order, which listProductMembers keeps using).
-- Ids order as JavaScript compares strings, by UTF-16 code unit; byte order (COLLATE "C") agrees
-- except that characters from U+10000 sort before U+E000-U+FFFF in UTF-16. member_id_order maps
-- each of U+E000-U+FFFF to U+10FFFF followed by itself, and U+10FFFF to U+10FFFF U+0001: every
-- mapped character sorts after the supplementary ones and before nothing else, and no image is a
-- prefix of another, so byte order of the images is UTF-16 order of the ids.
CREATE FUNCTION {{schema}}.member_id_order(id text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN pg_catalog.regexp_replace(pg_catalog.regexp_replace(id, U&'\+10FFFF', U&'\+10FFFF\0001', 'g'), U&'([\E000-\FFFF])', U&'\+10FFFF\\1', 'g') COLLATE "C";

CREATE INDEX members_recruit_by_id ON {{schema}}.members (org_id, {{schema}}.member_id_order(id) COLLATE "C")
  WHERE products @> '[{"product": "RECRUIT"}]';
CREATE INDEX members_perform_by_id ON {{schema}}.members (org_id, {{schema}}.member_id_order(id) COLLATE "C")
  WHERE products @> '[{"product": "PERFORM"}]';
CREATE INDEX members_uni_by_id ON {{schema}}.members (org_id, {{schema}}.member_id_order(id) COLLATE "C")
  WHERE products @> '[{"product": "UNI"}]';
