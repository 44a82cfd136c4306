-- The Storage API's tables, shaped like Supabase's (docs/api-coverage.md#storage-storagev1), its
-- policies and our media buckets. Hosted Supabase already has storage.buckets/objects (owned by
-- supabase_storage_admin), so every table, column, function and grant is created only when missing;
-- the policies and buckets are ours and are created by name when absent, so a rerun changes
-- nothing.
--
-- Who may do what is decided here, as on hosted Supabase: anyone may read (SELECT) the objects of
-- public buckets; only admins (JWT app_metadata.role = 'admin') and service_role (BYPASSRLS) may
-- write objects or touch buckets. The server runs every metadata statement in the caller's role.

do $$
begin
  if pg_catalog.to_regclass('storage.buckets') is null then
    create table storage.buckets (
      id text primary key,
      name text not null,
      owner uuid,
      owner_id text,
      created_at timestamptz default now(),
      updated_at timestamptz default now(),
      public boolean default false,
      avif_autodetection boolean default false,
      file_size_limit bigint,
      allowed_mime_types text[]
    );
    create unique index bname on storage.buckets using btree (name);
  end if;
  if pg_catalog.to_regclass('storage.objects') is null then
    create table storage.objects (
      id uuid primary key default gen_random_uuid(),
      bucket_id text references storage.buckets (id),
      name text,
      owner uuid,
      owner_id text,
      created_at timestamptz default now(),
      updated_at timestamptz default now(),
      last_accessed_at timestamptz default now(),
      metadata jsonb,
      path_tokens text[] generated always as (pg_catalog.string_to_array(name, '/')) stored,
      version text,
      user_metadata jsonb,
      constraint objects_bucket_id_name_key unique (bucket_id, name)
    );
    -- Listing walks one bucket by name prefix in byte order.
    create index objects_bucket_name_c_idx on storage.objects (bucket_id, name collate "C");
  end if;
end
$$;

-- Only when off: on hosted Supabase RLS is already on and `postgres` does not own the tables.
do $$
begin
  if not (select relrowsecurity from pg_catalog.pg_class where oid = 'storage.buckets'::regclass) then
    alter table storage.buckets enable row level security;
  end if;
  if not (select relrowsecurity from pg_catalog.pg_class where oid = 'storage.objects'::regclass) then
    alter table storage.objects enable row level security;
  end if;
end
$$;

-- Supabase's path helpers, for policies written the hosted way.
do $$
begin
  if pg_catalog.to_regprocedure('storage.foldername(text)') is null then
    create function storage.foldername(name text) returns text[]
    language sql immutable
    set search_path = ''
    as $fn$
      select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1) - 1]
    $fn$;
  end if;
  if pg_catalog.to_regprocedure('storage.filename(text)') is null then
    create function storage.filename(name text) returns text
    language sql immutable
    set search_path = ''
    as $fn$
      select (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)]
    $fn$;
  end if;
  if pg_catalog.to_regprocedure('storage.extension(text)') is null then
    create function storage.extension(name text) returns text
    language sql immutable
    set search_path = ''
    as $fn$
      select pg_catalog.reverse(pg_catalog.split_part(pg_catalog.reverse(storage.filename(name)), '.', 1))
    $fn$;
  end if;
  -- The read policy asks whether a bucket is public while the caller may not read buckets
  -- (bucket rows are admin-only), hence SECURITY DEFINER with an empty search_path.
  if pg_catalog.to_regprocedure('storage.rd_bucket_is_public(text)') is null then
    create function storage.rd_bucket_is_public(bucket text) returns boolean
    language sql stable security definer
    set search_path = ''
    as $fn$
      select coalesce((select b.public from storage.buckets b where b.id = bucket), false)
    $fn$;
    revoke all on function storage.rd_bucket_is_public(text) from public;
  end if;
end
$$;

grant execute on function storage.foldername(text), storage.filename(text),
  storage.extension(text), storage.rd_bucket_is_public(text)
  to anon, authenticated, service_role;

-- Grants closed by default: reading for everyone, writing only for signed-in callers (the
-- policies then admit admins only) and service_role.
grant select on storage.buckets, storage.objects to anon;
grant select, insert, update, delete on storage.buckets, storage.objects to authenticated;
grant all on storage.buckets, storage.objects to service_role;

do $$
declare
  admin constant text := '((select auth.jwt()) -> ''app_metadata'' ->> ''role'') = ''admin''';
begin
  if not exists (select from pg_catalog.pg_policies
                 where schemaname = 'storage' and tablename = 'objects'
                   and policyname = 'rd anyone reads public buckets') then
    create policy "rd anyone reads public buckets" on storage.objects
      for select to anon, authenticated
      using (storage.rd_bucket_is_public(bucket_id));
  end if;
  if not exists (select from pg_catalog.pg_policies
                 where schemaname = 'storage' and tablename = 'objects'
                   and policyname = 'rd admins read objects') then
    execute 'create policy "rd admins read objects" on storage.objects
      for select to authenticated using (' || admin || ')';
  end if;
  if not exists (select from pg_catalog.pg_policies
                 where schemaname = 'storage' and tablename = 'objects'
                   and policyname = 'rd admins add objects') then
    execute 'create policy "rd admins add objects" on storage.objects
      for insert to authenticated with check (' || admin || ')';
  end if;
  if not exists (select from pg_catalog.pg_policies
                 where schemaname = 'storage' and tablename = 'objects'
                   and policyname = 'rd admins change objects') then
    execute 'create policy "rd admins change objects" on storage.objects
      for update to authenticated using (' || admin || ') with check (' || admin || ')';
  end if;
  if not exists (select from pg_catalog.pg_policies
                 where schemaname = 'storage' and tablename = 'objects'
                   and policyname = 'rd admins delete objects') then
    execute 'create policy "rd admins delete objects" on storage.objects
      for delete to authenticated using (' || admin || ')';
  end if;
  if not exists (select from pg_catalog.pg_policies
                 where schemaname = 'storage' and tablename = 'buckets'
                   and policyname = 'rd admins manage buckets') then
    execute 'create policy "rd admins manage buckets" on storage.buckets
      for all to authenticated using (' || admin || ') with check (' || admin || ')';
  end if;
end
$$;

-- The site's media buckets (docs/product/data.md#storage-buckets). 50 MB is Supabase's free-tier
-- object limit.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
select b.id, b.id, true, 52428800, b.mime
from (values
  ('soundtrack 1st', array['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4']),
  ('soundtrack 2nd', array['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4']),
  ('soundtrack 3rd', array['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4']),
  ('soundtrack 4th', array['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4']),
  ('Behind the scenes', array['video/webm', 'video/mp4']),
  ('Episode Previews', array['video/webm', 'video/mp4']),
  ('Rent Due Game Images', array['image/*'])
) as b (id, mime)
on conflict (id) do nothing;
