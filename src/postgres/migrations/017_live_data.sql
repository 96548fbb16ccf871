-- Live data (issue 44): organizations change in place and job applications are recorded as the
-- firm's ATS produces them. A recorded status change keeps the id it was recorded under, so the
-- same change sent again is known; the changes a snapshot brought have none (NULL). Its rows stay
-- in the status_changes table, whose primary key leads with the application's reference and so
-- covers it: erasing an application deletes its history, answers and education by their foreign
-- keys (ON DELETE CASCADE, kept as keys since migration 1), and deleting a candidate deletes their
-- applications the same way. Every live write of the feed's data draws a new feed_version
-- (migration 4) in its transaction.
ALTER TABLE {{schema}}.status_changes ADD COLUMN change_id text;
