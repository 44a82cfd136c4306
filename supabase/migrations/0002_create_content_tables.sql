-- The read-mostly content of the site: news, episodes and the quiz bank. Everyone may read news
-- and episodes; only admins (an authenticated JWT with app_metadata.role = 'admin') may change
-- them. The quiz bank is readable without its answers only: correct_index is never granted to
-- the API roles, so only the quiz functions (SECURITY DEFINER) and service_role see it.

-- New objects start closed. Hosted Supabase grants everything in public to the API roles by
-- default and relies on RLS alone; here every table, sequence and function must be granted on
-- purpose. (Functions are executable by PUBLIC by default in any PostgreSQL, hence the global
-- revoke.)
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges revoke execute on functions from public;

-- Keeps updated_at honest whatever the client sends.
create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end
$$;
revoke all on function public.set_updated_at() from public, anon, authenticated;

create table public.news (
  id bigint generated always as identity primary key,
  date date not null,
  headline text not null,
  summary text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint news_headline_length check (char_length(btrim(headline)) between 1 and 120),
  constraint news_summary_length check (char_length(btrim(summary)) between 1 and 2000)
);
create index news_date_idx on public.news (date desc);
create trigger news_set_updated_at before update on public.news
  for each row execute function public.set_updated_at();

create table public.episodes (
  id bigint generated always as identity primary key,
  episode_number integer not null unique,
  title text not null,
  synopsis text not null,
  thumbnail text not null,
  video_url text not null,
  created_at timestamptz not null default now(),
  constraint episodes_episode_number_positive check (episode_number between 1 and 9999),
  constraint episodes_title_length check (char_length(btrim(title)) between 1 and 120),
  constraint episodes_synopsis_length check (char_length(btrim(synopsis)) between 1 and 2000),
  -- The site puts these into src/href attributes: only site paths and http(s) URLs, never
  -- javascript: or data: URLs.
  constraint episodes_thumbnail_url check (
    char_length(thumbnail) <= 1000 and thumbnail ~ '^(/[^/]|https?://)' and thumbnail !~ '[[:cntrl:]]'
  ),
  constraint episodes_video_url check (
    char_length(video_url) <= 1000 and video_url ~ '^(/[^/]|https?://)' and video_url !~ '[[:cntrl:]]'
  )
);

create table public.quiz_questions (
  id bigint generated always as identity primary key,
  question text not null unique,
  options text[] not null,
  correct_index smallint not null,
  created_at timestamptz not null default now(),
  constraint quiz_questions_question_length check (char_length(btrim(question)) between 1 and 300),
  constraint quiz_questions_three_options check (
    cardinality(options) = 3
    and array_ndims(options) = 1
    and array_lower(options, 1) = 1
    and char_length(btrim(options[1])) between 1 and 120
    and char_length(btrim(options[2])) between 1 and 120
    and char_length(btrim(options[3])) between 1 and 120
    and options[1] <> options[2]
    and options[1] <> options[3]
    and options[2] <> options[3]
  ),
  constraint quiz_questions_correct_index_range check (correct_index between 0 and 2)
);

-- Grants: explicit, per table and per column; nothing relies on defaults.
revoke all on public.news, public.episodes, public.quiz_questions from public, anon, authenticated;
grant all on public.news, public.episodes, public.quiz_questions to service_role;

grant select on public.news, public.episodes to anon, authenticated;
grant insert (date, headline, summary), update (date, headline, summary)
  on public.news to authenticated;
grant delete on public.news to authenticated;
grant insert (episode_number, title, synopsis, thumbnail, video_url),
  update (episode_number, title, synopsis, thumbnail, video_url)
  on public.episodes to authenticated;
grant delete on public.episodes to authenticated;
-- The answer column is deliberately absent.
grant select (id, question, options, created_at) on public.quiz_questions to anon, authenticated;

alter table public.news enable row level security;
alter table public.episodes enable row level security;
alter table public.quiz_questions enable row level security;

create policy "news is public" on public.news
  for select to anon, authenticated using (true);
create policy "admins add news" on public.news
  for insert to authenticated
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins edit news" on public.news
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins delete news" on public.news
  for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "episodes are public" on public.episodes
  for select to anon, authenticated using (true);
create policy "admins add episodes" on public.episodes
  for insert to authenticated
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins edit episodes" on public.episodes
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "admins delete episodes" on public.episodes
  for delete to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

create policy "quiz questions are public" on public.quiz_questions
  for select to anon, authenticated using (true);
