-- The job board (issue 33): what a careers page shows of a job. Defaults keep every stored job
-- as it was: not public, no public title, no description, no dates.
ALTER TABLE {{schema}}.jobs
  ADD COLUMN public boolean NOT NULL DEFAULT false,
  ADD COLUMN public_title text,
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN open_date date,
  ADD COLUMN close_date date;

-- The board reads an organization's public jobs only: most of its jobs are past postings.
CREATE INDEX jobs_public ON {{schema}}.jobs (org_id) WHERE public;
