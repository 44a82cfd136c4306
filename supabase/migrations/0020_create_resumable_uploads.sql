-- Full episodes by resumable upload (the TUS protocol at /storage/v1/upload/resumable, as hosted
-- Storage serves it): the "Full episodes" bucket, taking video up to 5 GiB a file, the "Episode
-- stills" bucket for thumbnails picked in the console, and the server's book of unfinished
-- uploads.
--
-- The book (resumable.uploads) is what every server process shares about an upload between its
-- requests: which object it will become, who started it (only they may continue it), how it was
-- asked to write (insert or upsert), when it expires, and a lease that lets one request at a time
-- write to it, whichever process answers. Bytes live in the object store (disk or S3), the
-- object's row in storage.objects is written only when the last byte has arrived, in the caller's
-- role, so RLS decides then as for any other upload. Only the service role (the server, after it
-- has checked the caller) reads or writes the book; on hosted Supabase it simply stays empty.

create schema if not exists resumable;
revoke all on schema resumable from public;
grant usage on schema resumable to service_role;

create table resumable.uploads (
  version uuid primary key,
  bucket_id text not null,
  name text not null,
  -- The caller who started it: an account's id, 'service_role', or the address hash of an
  -- anonymous caller. Only the same caller may continue, look at or cancel the upload.
  owner_key text not null,
  mode text not null,
  -- Null while the client defers the length (Upload-Defer-Length).
  size bigint,
  content_type text not null,
  cache_control text not null,
  user_metadata jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- The write lease: one request at a time, renewed while it writes, free once lock_until passed.
  lock_token uuid,
  lock_until timestamptz,
  release_requested boolean not null default false,
  constraint uploads_mode check (mode in ('insert', 'upsert')),
  constraint uploads_size check (size is null or size >= 0),
  constraint uploads_name_length check (octet_length(name) between 1 and 1024),
  constraint uploads_owner_length check (char_length(owner_key) between 1 and 200)
);
create index uploads_owner_idx on resumable.uploads (owner_key, expires_at);
create index uploads_expires_idx on resumable.uploads (expires_at);

alter table resumable.uploads enable row level security;
revoke all on resumable.uploads from public, anon, authenticated;
grant select, insert, update, delete on resumable.uploads to service_role;

-- The buckets. 5 GiB is more than a 22-minute episode needs at any sensible bitrate; plain
-- (non-resumable) uploads stay capped at 50 MB whatever a bucket allows.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('Full episodes', 'Full episodes', true, 5368709120, array['video/webm', 'video/mp4']),
  ('Episode stills', 'Episode stills', true, 5242880,
   array['image/webp', 'image/png', 'image/jpeg'])
on conflict (id) do nothing;
