-- migrate: concurrently
-- A circle's activities (its page, its next activity): a range of the few posts that have a
-- circle, soonest first. Partial, so the plain posts of the whole feed cost it nothing.
create index concurrently if not exists posts_circle_starts_idx on feed.posts (circle_id, activity_starts_at) where circle_id is not null;
