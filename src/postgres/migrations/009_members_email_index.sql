-- Addresses across organizations (issue 30): whether an imported address belongs to another
-- organization's member. members_email leads with org_id, so `org_id <> $1 AND lower(email) =
-- ANY($2)` could only scan every member (459 ms for 1,000 rows beside 500,000 others, 185 ms
-- with this index).
CREATE INDEX members_email_any_org ON {{schema}}.members (lower(email));
