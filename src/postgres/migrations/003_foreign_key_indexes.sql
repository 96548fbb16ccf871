-- Every foreign key gets an index whose leading columns cover it: without one, deleting or
-- re-keying a referenced row scans the whole referencing table (a 50,000-member organization
-- took minutes to replace, a member delete hundreds of milliseconds).
CREATE INDEX members_manager ON {{schema}}.members (org_id, manager_id);
CREATE INDEX member_mentors_mentor ON {{schema}}.member_mentors (org_id, mentor_id);
CREATE INDEX applications_candidate ON {{schema}}.applications (org_id, candidate_id);
CREATE INDEX applications_job ON {{schema}}.applications (org_id, job_id);
