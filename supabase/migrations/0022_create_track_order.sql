-- The order of the soundtrack volumes' tracks, set by the team in the console (drag or keyboard)
-- and used by /soundtrack, Home's player and the radio. Tracks are storage objects; the order
-- names them by object id, which a rename keeps. A track without a position plays after the
-- ordered ones, by name; a position whose object is gone is simply never matched.

create table public.track_order (
  object_id uuid primary key,
  bucket_id text not null,
  position integer not null,
  updated_at timestamptz not null default now(),
  constraint track_order_bucket check (bucket_id ~ '^soundtrack [1-4](st|nd|rd|th)$'),
  constraint track_order_position check (position between 0 and 9999)
);
create index track_order_bucket_idx on public.track_order (bucket_id, position);

revoke all on public.track_order from public, anon, authenticated;
grant all on public.track_order to service_role;
grant select on public.track_order to anon, authenticated;
grant insert, update, delete on public.track_order to authenticated;

alter table public.track_order enable row level security;
create policy "track order is public" on public.track_order
  for select to anon, authenticated using (true);
create policy "admins set the track order" on public.track_order
  for all to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- One volume's whole order at once: p_object_ids in playing order. Runs as the caller, so RLS
-- admits admins only; ids that are not tracks of the bucket are refused (22023), and the old
-- order of the bucket is replaced in the same transaction.
create function public.set_track_order(p_bucket text, p_object_ids uuid[])
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if p_object_ids is null or pg_catalog.cardinality(p_object_ids) > 1000 then
    raise exception 'p_object_ids must list at most 1000 tracks' using errcode = '22023';
  end if;
  if (select pg_catalog.count(distinct i) from pg_catalog.unnest(p_object_ids) as i)
     <> pg_catalog.cardinality(p_object_ids) then
    raise exception 'a track is listed twice' using errcode = '22023';
  end if;
  if exists (
    select from pg_catalog.unnest(p_object_ids) as i
     where not exists (select from storage.objects o where o.id = i and o.bucket_id = p_bucket)
  ) then
    raise exception 'every id must be a file of %', p_bucket using errcode = '22023';
  end if;
  delete from public.track_order where bucket_id = p_bucket;
  insert into public.track_order (object_id, bucket_id, position)
  select i, p_bucket, (n - 1)::integer
    from pg_catalog.unnest(p_object_ids) with ordinality as t (i, n);
end
$$;

revoke all on function public.set_track_order(text, uuid[]) from public, anon, authenticated;
grant execute on function public.set_track_order(text, uuid[]) to authenticated, service_role;
