-- Counters shared by every host instance on this database: the feed's rate limit and login
-- protection, in rate-limiter-flexible's RateLimiterPostgres layout (key, points, expire in epoch
-- milliseconds). Keys are text: a login key holds an address and a client, beyond 255 characters.
CREATE TABLE {{schema}}.rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
-- The hourly clean-up deletes expired counters by time.
CREATE INDEX rate_limits_expire ON {{schema}}.rate_limits (expire);
