-- Every server process keeps the HTML of the public pages in memory (docs/decisions/290). When
-- what a page shows changes (news, episodes, media objects and buckets), each process must drop
-- the pages that read it within a second, whichever process or operator made the change. So
-- every statement that changes such a table sends NOTIFY rentdue_content with the table's
-- qualified name; every server LISTENs (apps/server src/db/notify-listener.ts) and drops the
-- pages whose render read that table.
--
-- Statement-level triggers: one notification per statement however many rows it touched, and
-- PostgreSQL folds identical notifications of one transaction into one. A rolled-back statement
-- sends nothing (notifications are delivered at commit).
--
-- A new table that a public page shows needs its own trigger here, in a new migration.

create function public.notify_content_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('rentdue_content', tg_table_schema || '.' || tg_table_name);
  return null;
end
$$;
revoke all on function public.notify_content_change() from public, anon, authenticated;

create trigger news_notify_content_change
  after insert or update or delete or truncate on public.news
  for each statement execute function public.notify_content_change();

create trigger episodes_notify_content_change
  after insert or update or delete or truncate on public.episodes
  for each statement execute function public.notify_content_change();

-- On hosted Supabase the storage tables belong to supabase_storage_admin and there is no server
-- of ours to listen: skip them there rather than fail the migration.
do $$
begin
  create trigger objects_notify_content_change
    after insert or update or delete or truncate on storage.objects
    for each statement execute function public.notify_content_change();
  create trigger buckets_notify_content_change
    after insert or update or delete or truncate on storage.buckets
    for each statement execute function public.notify_content_change();
exception
  when insufficient_privilege then
    raise notice 'storage tables are not ours: no content-change triggers on them';
end
$$;
