-- Every episode has a page of its own at /episodes/<slug> (and a line in /sitemap.xml), so each row
-- gets a slug and the time of its last change.
--
-- slug: lower-case words of the title joined by '-', at most 60 characters ('Pilot: Rent Due' is
-- 'pilot-rent-due'); 'episode-<number>' when the title has no ASCII letter or digit; '-<number>'
-- appended when another episode already has it. Set once, when the row is added (a trigger; the
-- admin console never sends one), and kept when the title is edited later: a link someone shared
-- keeps working. Only the service role may change it (the admins' column grants leave it out).
--
-- updated_at: when the row last changed (the sitemap's lastmod), kept by a trigger.
--
-- The content-change trigger of 0012 already covers public.episodes: a changed row drops its page.

alter table public.episodes
  add column slug text,
  add column updated_at timestamptz not null default now();

create function public.episode_slug(title text, episode_number integer) returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    nullif(
      pg_catalog.rtrim(
        pg_catalog.left(
          pg_catalog.btrim(
            pg_catalog.regexp_replace(pg_catalog.lower(title), '[^a-z0-9]+', '-', 'g'),
            '-'
          ),
          60
        ),
        '-'
      ),
      ''
    ),
    'episode-' || episode_number
  )
$$;
revoke all on function public.episode_slug(text, integer) from public, anon, authenticated;

-- Backfill in episode order: the first episode with a given slug keeps it plain.
update public.episodes e
set slug = case when ranked.n = 1 then ranked.base else ranked.base || '-' || e.episode_number end
from (
  select id,
    public.episode_slug(title, episode_number) as base,
    row_number() over (
      partition by public.episode_slug(title, episode_number) order by episode_number
    ) as n
  from public.episodes
) ranked
where ranked.id = e.id;

alter table public.episodes
  alter column slug set not null,
  add constraint episodes_slug_unique unique (slug),
  add constraint episodes_slug_format check (
    char_length(slug) between 1 and 80 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
  );

-- Security definer: an admin adding a row may not call episode_slug() itself.
create function public.episodes_before_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.slug is null then
      new.slug := public.episode_slug(new.title, new.episode_number);
      if exists (select 1 from public.episodes where slug = new.slug) then
        new.slug := new.slug || '-' || new.episode_number;
      end if;
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function public.episodes_before_write() from public, anon, authenticated;

create trigger episodes_before_write
  before insert or update on public.episodes
  for each row execute function public.episodes_before_write();
