-- The public forms: fan club, contact, Q&A audience, team applications and the shop's merch
-- waitlist. Visitors (anon or signed in) may only INSERT, and only the columns a form sets; they
-- can never read, change or delete a row, not even their own. Admins read everything.
-- Each table takes an optional client-made submission_id (unique) so a retried submit can never
-- store a second row: the retry fails with 23505 and the client treats that as success.

-- One rule for names and e-mail addresses, shared by every form and by start_quiz().
create domain public.person_name as text
  constraint person_name_length check (char_length(btrim(value)) between 1 and 100)
  constraint person_name_single_line check (value !~ '[[:cntrl:]]');

create domain public.email_address as text
  constraint email_address_length check (char_length(value) between 3 and 254)
  constraint email_address_format check (
    value ~ '^[^[:space:][:cntrl:]@]+@[^[:space:][:cntrl:]@]+\.[^[:space:][:cntrl:]@.]+$'
    and value !~ '\.\.'
  );

create table public.fan_club_signups (
  id bigint generated always as identity primary key,
  name public.person_name not null,
  email public.email_address not null,
  submission_id uuid unique,
  created_at timestamptz not null default now()
);

create table public.contact_submissions (
  id bigint generated always as identity primary key,
  name public.person_name not null,
  email public.email_address not null,
  comment text not null,
  submission_id uuid unique,
  created_at timestamptz not null default now(),
  constraint contact_submissions_comment_length check (char_length(btrim(comment)) between 1 and 5000)
);

create table public.audience_signups (
  id bigint generated always as identity primary key,
  name public.person_name not null,
  username text not null,
  email public.email_address not null,
  submission_id uuid unique,
  created_at timestamptz not null default now(),
  constraint audience_signups_username_length check (
    char_length(btrim(username)) between 1 and 50 and username !~ '[[:cntrl:]]'
  )
);

create table public.team_applications (
  id bigint generated always as identity primary key,
  name public.person_name not null,
  email public.email_address not null,
  instagram text,
  role text not null,
  comments text,
  submission_id uuid unique,
  created_at timestamptz not null default now(),
  -- Stored as these exact lower-case strings (docs/product/forms.md#team-application); the form
  -- shows its own labels.
  constraint team_applications_role_known check (
    role in ('voiceover artist', 'licensing manager', 'writer', 'animator', 'street team')
  ),
  -- The form sends null for an empty field; a blank string is refused rather than stored.
  constraint team_applications_instagram_length check (
    instagram is null or (char_length(btrim(instagram)) between 1 and 100 and instagram !~ '[[:cntrl:]]')
  ),
  constraint team_applications_comments_length check (
    comments is null or char_length(btrim(comments)) between 1 and 2000
  )
);

create table public.merch_waitlist (
  id bigint generated always as identity primary key,
  email public.email_address not null,
  submission_id uuid unique,
  created_at timestamptz not null default now()
);

revoke all on public.fan_club_signups, public.contact_submissions, public.audience_signups,
  public.team_applications, public.merch_waitlist
  from public, anon, authenticated;
grant all on public.fan_club_signups, public.contact_submissions, public.audience_signups,
  public.team_applications, public.merch_waitlist
  to service_role;

-- Column grants: id and created_at are never the client's to set.
grant insert (name, email, submission_id) on public.fan_club_signups to anon, authenticated;
grant insert (name, email, comment, submission_id) on public.contact_submissions to anon, authenticated;
grant insert (name, username, email, submission_id) on public.audience_signups to anon, authenticated;
grant insert (name, email, instagram, role, comments, submission_id)
  on public.team_applications to anon, authenticated;
grant insert (email, submission_id) on public.merch_waitlist to anon, authenticated;

-- SELECT is granted to authenticated only so that admins can read; the policies below return no
-- row to anyone else. anon has no SELECT at all.
grant select on public.fan_club_signups, public.contact_submissions, public.audience_signups,
  public.team_applications, public.merch_waitlist
  to authenticated;

alter table public.fan_club_signups enable row level security;
alter table public.contact_submissions enable row level security;
alter table public.audience_signups enable row level security;
alter table public.team_applications enable row level security;
alter table public.merch_waitlist enable row level security;

create policy "visitors join the fan club" on public.fan_club_signups
  for insert to anon, authenticated with check (true);
create policy "admins read fan club signups" on public.fan_club_signups
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "visitors send messages" on public.contact_submissions
  for insert to anon, authenticated with check (true);
create policy "admins read messages" on public.contact_submissions
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "visitors sign up for the Q&A" on public.audience_signups
  for insert to anon, authenticated with check (true);
create policy "admins read Q&A signups" on public.audience_signups
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "visitors apply to the team" on public.team_applications
  for insert to anon, authenticated with check (true);
create policy "admins read team applications" on public.team_applications
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "visitors join the merch waitlist" on public.merch_waitlist
  for insert to anon, authenticated with check (true);
create policy "admins read the merch waitlist" on public.merch_waitlist
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
