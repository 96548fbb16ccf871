-- rpdi schema, version 1. {{schema}} is replaced by the store's schema name.
-- Every table is scoped by organization; constraints enforce what the engine assumes.

CREATE TABLE {{schema}}.organizations (
  id text PRIMARY KEY,
  short_name text NOT NULL UNIQUE,
  -- Lists and settings the rules read: features, SSO, offices, departments, levels, lists.
  profile jsonb NOT NULL,
  external_user_emails text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE {{schema}}.members (
  org_id text NOT NULL REFERENCES {{schema}}.organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  seq bigserial,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  employee_id text,
  job_title text,
  level text,
  office jsonb,
  department text,
  practice_area text,
  start_date date,
  effective_class_year integer,
  sso_id text,
  use_mfa boolean NOT NULL DEFAULT false,
  bio_link text,
  work_arrangement text CHECK (work_arrangement IN ('REMOTE', 'HYBRID', 'IN_PERSON')),
  flsa_status text CHECK (flsa_status IN ('EXEMPT', 'NON_EXEMPT', 'NOT_APPLICABLE')),
  manager_id text,
  password_hash text,
  mfa_secret text,
  PRIMARY KEY (org_id, id),
  FOREIGN KEY (org_id, manager_id) REFERENCES {{schema}}.members (org_id, id) DEFERRABLE INITIALLY DEFERRED
);
-- Addresses are unique per organization, case-insensitively.
CREATE UNIQUE INDEX members_email ON {{schema}}.members (org_id, lower(email));

CREATE TABLE {{schema}}.member_products (
  org_id text NOT NULL,
  member_id text NOT NULL,
  position integer NOT NULL,
  product text NOT NULL CHECK (product IN ('RECRUIT', 'PERFORM', 'UNI')),
  role text NOT NULL CHECK (role IN ('ADMIN', 'MEMBER')),
  PRIMARY KEY (org_id, member_id, product),
  FOREIGN KEY (org_id, member_id) REFERENCES {{schema}}.members (org_id, id) ON DELETE CASCADE
);
CREATE INDEX member_products_product ON {{schema}}.member_products (org_id, product);

CREATE TABLE {{schema}}.member_education (
  org_id text NOT NULL,
  member_id text NOT NULL,
  position integer NOT NULL,
  law_school text,
  graduation_year integer,
  PRIMARY KEY (org_id, member_id, position),
  FOREIGN KEY (org_id, member_id) REFERENCES {{schema}}.members (org_id, id) ON DELETE CASCADE
);

CREATE TABLE {{schema}}.member_mentors (
  org_id text NOT NULL,
  member_id text NOT NULL,
  position integer NOT NULL,
  mentor_id text NOT NULL,
  PRIMARY KEY (org_id, member_id, mentor_id),
  FOREIGN KEY (org_id, member_id) REFERENCES {{schema}}.members (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, mentor_id) REFERENCES {{schema}}.members (org_id, id) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE {{schema}}.welcome_emails (
  org_id text NOT NULL REFERENCES {{schema}}.organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  seq bigserial,
  member_id text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  product text NOT NULL CHECK (product IN ('RECRUIT', 'PERFORM', 'UNI')),
  reason text NOT NULL CHECK (reason IN ('MEMBER_CREATED', 'PRODUCT_GRANTED')),
  created_at text NOT NULL,
  PRIMARY KEY (org_id, id)
);

CREATE TABLE {{schema}}.review_cycles (
  org_id text NOT NULL REFERENCES {{schema}}.organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  seq bigserial,
  name text NOT NULL,
  PRIMARY KEY (org_id, id)
);

-- A client matter is identified by (Matter ID, Client Name) within its review cycle.
CREATE TABLE {{schema}}.client_matters (
  org_id text NOT NULL,
  cycle_id text NOT NULL,
  id text NOT NULL,
  seq bigserial,
  matter_id text NOT NULL,
  client_name text NOT NULL,
  matter_name text NOT NULL,
  description text,
  PRIMARY KEY (org_id, id),
  UNIQUE (org_id, cycle_id, matter_id, client_name),
  FOREIGN KEY (org_id, cycle_id) REFERENCES {{schema}}.review_cycles (org_id, id) ON DELETE CASCADE
);

-- A matter entry is identified by (Matter ID, Client Name, Attorney Email); its id is stable.
CREATE TABLE {{schema}}.matter_entries (
  org_id text NOT NULL,
  id text NOT NULL,
  seq bigserial,
  client_matter_id text NOT NULL,
  attorney_email text NOT NULL,
  billing_attorney_email text NOT NULL,
  start_date date,
  end_date date,
  hours_billed numeric(8, 2) NOT NULL CHECK (hours_billed >= 0 AND hours_billed <= 999999.99),
  PRIMARY KEY (org_id, id),
  FOREIGN KEY (org_id, client_matter_id) REFERENCES {{schema}}.client_matters (org_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX matter_entries_key ON {{schema}}.matter_entries (org_id, client_matter_id, lower(attorney_email));

CREATE TABLE {{schema}}.pipelines (
  org_id text NOT NULL REFERENCES {{schema}}.organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  position integer NOT NULL,
  name text NOT NULL,
  active boolean NOT NULL,
  PRIMARY KEY (org_id, id)
);

CREATE TABLE {{schema}}.pipeline_steps (
  org_id text NOT NULL,
  pipeline_id text NOT NULL,
  position integer NOT NULL,
  name text NOT NULL,
  bucket text NOT NULL,
  PRIMARY KEY (org_id, pipeline_id, position),
  FOREIGN KEY (org_id, pipeline_id) REFERENCES {{schema}}.pipelines (org_id, id) ON DELETE CASCADE
);

CREATE TABLE {{schema}}.custom_fields (
  org_id text NOT NULL REFERENCES {{schema}}.organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  position integer NOT NULL,
  title text NOT NULL,
  type text NOT NULL CHECK (type IN ('FREE_TEXT', 'DATE', 'NUMERIC', 'MONETARY', 'SINGLE_SELECT', 'BOOLEAN', 'MULTI_SELECT')),
  show_on_job_application boolean NOT NULL,
  PRIMARY KEY (org_id, id)
);

CREATE TABLE {{schema}}.jobs (
  org_id text NOT NULL REFERENCES {{schema}}.organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  seq bigserial,
  title text NOT NULL,
  department text NOT NULL,
  office_location text NOT NULL,
  employment_type text NOT NULL,
  hiring_type text NOT NULL,
  position_type text NOT NULL,
  requisition_id text,
  PRIMARY KEY (org_id, id)
);

CREATE TABLE {{schema}}.candidates (
  org_id text NOT NULL REFERENCES {{schema}}.organizations (id) ON DELETE CASCADE,
  id text NOT NULL,
  seq bigserial,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text,
  phone text,
  PRIMARY KEY (org_id, id)
);

CREATE TABLE {{schema}}.applications (
  org_id text NOT NULL,
  id text NOT NULL,
  seq bigserial,
  candidate_id text NOT NULL,
  job_id text NOT NULL,
  offer_start_date date,
  offer_salary integer,
  address jsonb NOT NULL,
  PRIMARY KEY (org_id, id),
  FOREIGN KEY (org_id, candidate_id) REFERENCES {{schema}}.candidates (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, job_id) REFERENCES {{schema}}.jobs (org_id, id) ON DELETE CASCADE
);

CREATE TABLE {{schema}}.status_changes (
  org_id text NOT NULL,
  application_id text NOT NULL,
  position integer NOT NULL,
  status_name text NOT NULL,
  bucket_name text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (org_id, application_id, position),
  FOREIGN KEY (org_id, application_id) REFERENCES {{schema}}.applications (org_id, id) ON DELETE CASCADE
);
-- The feed pre-selects by organization and status-change time.
CREATE INDEX status_changes_time ON {{schema}}.status_changes (org_id, at, application_id);

CREATE TABLE {{schema}}.custom_field_answers (
  org_id text NOT NULL,
  application_id text NOT NULL,
  position integer NOT NULL,
  custom_field_id text NOT NULL,
  value jsonb,
  PRIMARY KEY (org_id, application_id, position),
  FOREIGN KEY (org_id, application_id) REFERENCES {{schema}}.applications (org_id, id) ON DELETE CASCADE
);

CREATE TABLE {{schema}}.application_education (
  org_id text NOT NULL,
  application_id text NOT NULL,
  position integer NOT NULL,
  university text NOT NULL,
  degree text,
  start_date date,
  end_date date,
  PRIMARY KEY (org_id, application_id, position),
  FOREIGN KEY (org_id, application_id) REFERENCES {{schema}}.applications (org_id, id) ON DELETE CASCADE
);
