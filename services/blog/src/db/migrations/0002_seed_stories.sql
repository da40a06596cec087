-- Three stories written by the team, so a fresh install's blog is never empty. A slug that is
-- already taken keeps its story: running this again (or after an admin wrote one) changes nothing.

INSERT INTO blog.posts (title, slug, excerpt, tags, meta_title, meta_description, featured, created_at, updated_at, content)
VALUES
(
  'How Saathi Works: Finding Activity Partners Within 1 km',
  'how-saathi-works',
  'Saathi shows you short posts from people within one kilometre who are looking for a gym buddy, a study partner or a hiking companion. Here is how it works, step by step.',
  ARRAY['guide', 'getting-started', 'community'],
  'How Saathi Works',
  'Post what you are looking for, see who is nearby, and meet activity partners within 1 km of you.',
  true,
  now() - interval '3 days',
  now() - interval '3 days',
  $story$# How Saathi Works

Saathi is a small, community-funded app with one idea: the best activity partner is often someone who lives a few streets away. You just have never met.

## 1. Set your location

Open the home screen and let Saathi detect your location, pick it on the map, or choose a city. Your location stays in your browser, and posts only ever show a rounded point, never your exact address.

## 2. Read what people nearby are looking for

The feed shows posts from people within **1 km** of you, newest first. Each post says what its author wants to do: a morning run, a study session at the library, a weekend hike. Filter by hashtag or search for a word to find your kind of plan.

## 3. Post your own plan

Sign in and tap *Create New Post*. Say what you are looking for, add a hashtag or two, and post it. Posts expire after **30 days**, so the feed stays fresh.

## 4. Say hello

React, comment, or send the author a private message. Agree on a time and a public place, and go.

### A few habits that help

Be specific about the time and the place. Keep plans in public, busy spots at first. And if someone makes you uncomfortable, you do not owe them a reply.

We built Saathi so that neighbours can become friends. *See you out there.*$story$
),
(
  'Meeting an Activity Partner in Person: Safety Tips',
  'safety-tips-meeting-activity-partners',
  'Meeting someone new from your neighbourhood should feel good and safe. Simple habits that keep your first meet-up relaxed, public and under your control.',
  ARRAY['safety', 'guide', 'community'],
  'Safety Tips for Meeting an Activity Partner',
  'Meet in public, tell a friend, keep your own transport, and trust your instincts: practical safety tips for your first meet-up.',
  true,
  now() - interval '2 days',
  now() - interval '2 days',
  $story$# Meeting an Activity Partner in Person

Most people on Saathi simply want company for a walk, a workout or a study session. A few simple habits keep every first meeting relaxed and safe.

## Before you meet

**Chat first.** Exchange a few messages on Saathi before you share a phone number or any social profile. You can tell a lot from how someone writes.

**Pick a public place.** A park entrance, a busy cafe, the gym lobby, the library. Avoid homes, empty trails and late hours for a first meeting.

**Tell someone.** Let a friend or family member know where you are going, with whom, and when you expect to be back.

## During the meeting

**Keep your own way home.** Travel on your own and keep your phone charged.

**Keep personal details for later.** Your home address, workplace and daily routine can wait until you know someone well.

**Trust your instincts.** If something feels off, leave. You do not need a reason, and you do not need to apologise.

## After the meeting

If someone behaved badly, stop replying and tell us through the feedback form. Reports help keep the whole neighbourhood safe.

### A note for groups

Group plans are a great way to start: a running club or a weekend hike with three or four people is *more fun and safer* than meeting one stranger.$story$
),
(
  'Our Privacy Promise: Your Data Is Never Sold',
  'our-privacy-promise-data-never-sold',
  'Saathi is non-profit and community funded. We do not sell your data, we do not run ads, and we keep only what the app needs to work. Here is what that means in practice.',
  ARRAY['privacy', 'community', 'trust'],
  'Our Privacy Promise: Data Never Sold',
  'Saathi never sells your data and runs no ads. What we keep, why we keep it, and what we never do.',
  true,
  now() - interval '1 day',
  now() - interval '1 day',
  $story$# Our Privacy Promise

Saathi is built with love in India, and it is funded by its community, not by advertisers. That lets us make a simple promise: **your data is never sold.**

## What we keep

Your account details, so you can sign in. Your posts, comments and messages, so the app can show them. A rounded location on each post, about a hundred metres across, so people nearby can find it. Your exact position is never stored.

## What we never do

We never sell or rent your data. We never show ads or share your activity with ad networks. We never show your exact location to anyone.

## What our own stories use

The community digest on this blog is written from counts only: how many posts were made in a city in a week, and which hashtags were popular. It never names a person, and it never names a place smaller than a city.

## Your choices

You can edit your profile at any time, and posts leave the feed after thirty days. If you have a question about your data, write to us through the feedback form.

*Thank you for trusting Saathi with your neighbourhood.*$story$
)
ON CONFLICT (slug) DO NOTHING;
