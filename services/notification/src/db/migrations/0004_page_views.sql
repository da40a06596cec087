-- Page views without tracking people: a count per screen (route template) and day. No user,
-- no address, no cookie, no user agent — nothing that could tell two visitors apart.
CREATE TABLE notification.page_views (
  day date NOT NULL,
  route text NOT NULL,
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, route)
);
