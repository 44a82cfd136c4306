-- The news board as the team runs it (issue 31): any memo can be pinned above the news, and
-- events (the cast Q&A and whatever follows it) are rows the console creates and edits instead
-- of a card in the code. Episodes say what their video is, so the site can call a preview a
-- preview. Everyone reads; only admins write (the same RLS rule as news and episodes).

-- Pins: a pinned memo shows in the Pinned section of / and /news as well as in the list.
alter table public.news add column pinned boolean not null default false;
grant insert (pinned), update (pinned) on public.news to authenticated;
create index news_pinned_idx on public.news (date desc, id desc) where pinned;

-- Events. starts_at is the moment; time_zone (an IANA name such as America/New_York) is where
-- the team set it, so the site can show the date and time as the organisers meant them. Online
-- events have a link, others a place (or both). signup_form names the form the card opens.
create table public.events (
  id bigint generated always as identity primary key,
  title text not null,
  summary text not null,
  starts_at timestamptz not null,
  time_zone text not null,
  link_url text,
  place text,
  signup_form text not null default 'none',
  pinned boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint events_title_length check (char_length(btrim(title)) between 1 and 120),
  constraint events_summary_length check (char_length(btrim(summary)) between 1 and 2000),
  constraint events_time_zone_shape check (time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$'),
  -- The site puts the link into an href: https only, no control characters.
  constraint events_link_url check (
    link_url is null
    or (char_length(link_url) <= 1000 and link_url ~ '^https://[^/]' and link_url !~ '[[:cntrl:]]')
  ),
  constraint events_place check (
    place is null or (char_length(btrim(place)) between 1 and 200 and place !~ '[[:cntrl:]]')
  ),
  constraint events_link_or_place check (link_url is not null or place is not null),
  constraint events_signup_form check (signup_form in ('none', 'audience_signups'))
);
create index events_pinned_idx on public.events (starts_at) where pinned;
create trigger events_set_updated_at before update on public.events
  for each row execute function public.set_updated_at();

-- A time zone PostgreSQL does not know is refused with its own words (22023), as a client error.
create function public.events_check_time_zone() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.timezone(new.time_zone, new.starts_at);
  return new;
end
$$;
revoke all on function public.events_check_time_zone() from public, anon, authenticated;
create trigger events_check_time_zone before insert or update on public.events
  for each row execute function public.events_check_time_zone();

revoke all on public.events from public, anon, authenticated;
grant all on public.events to service_role;
grant select on public.events to anon, authenticated;
grant insert (title, summary, starts_at, time_zone, link_url, place, signup_form, pinned),
  update (title, summary, starts_at, time_zone, link_url, place, signup_form, pinned)
  on public.events to authenticated;
grant delete on public.events to authenticated;

alter table public.events enable row level security;
create policy "events are public" on public.events
  for select to anon, authenticated using (true);
create policy "admins add events" on public.events
  for insert to authenticated
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins edit events" on public.events
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins delete events" on public.events
  for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- What the site shows of an event: also its start as a wall-clock time where it happens
-- (local_start, a timestamp without zone: '2025-09-06 19:00'), so pages need no time zone data
-- of their own to print '9/6/2025'. A security-invoker view: the table's RLS decides.
create view public.event_notices
with (security_invoker = true)
as
  select e.id, e.title, e.summary, e.starts_at, e.time_zone,
         pg_catalog.timezone(e.time_zone, e.starts_at) as local_start,
         e.link_url, e.place, e.signup_form, e.pinned
    from public.events e;
revoke all on public.event_notices from public, anon, authenticated;
grant select on public.event_notices to anon, authenticated, service_role;

-- The spec's pinned Q&A card, dated 9/6/2025, was text in the code; it becomes the first event,
-- on every site (not sample content: the product shows it), so the team can move or unpin it.
insert into public.events (title, summary, starts_at, time_zone, place, signup_form, pinned)
values (
  'Meet the Cast: Virtual Q&A',
  'Dez, Rosie, Tubbs and Bertha''s voices answer your questions live. Seats are limited.',
  timestamptz '2025-09-06 19:00:00 America/New_York',
  'America/New_York',
  'Online: the link comes by e-mail',
  'audience_signups',
  true
);

-- What an episode's video is: the full episode, a preview, or a behind-the-scenes clip standing
-- in for one. The sample episodes play 9-second "Previously on" previews (and episode 4 a colour
-- script clip): existing rows are marked so, new ones say what they are.
alter table public.episodes add column video_kind text not null default 'preview';
alter table public.episodes add constraint episodes_video_kind
  check (video_kind in ('full', 'preview', 'behind_the_scenes'));
grant insert (video_kind), update (video_kind) on public.episodes to authenticated;
update public.episodes set video_kind = 'behind_the_scenes'
 where video_url like '/storage/v1/object/public/Behind the scenes/%';
