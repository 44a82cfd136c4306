// Every SQL statement of the Storage API. Each runs in a transaction in the caller's role (db/request-tx.ts), so
// grants and the RLS policies of migration 0005 decide what succeeds; only the public download and
// the bucket limits lookup run as service_role, after the route has checked what it must.
import type { Pool, PoolClient } from 'pg'
import type { Claims, DbRole } from '../caller/jwt.js'
import { requestTx } from '../db/request-tx.js'
import { withTransaction } from '../db/transaction.js'

export interface Caller {
  role: DbRole
  claims: Claims | { role: DbRole }
}

export const SERVICE: Caller = { role: 'service_role', claims: { role: 'service_role' } }

export interface BucketRow {
  id: string
  name: string
  owner: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: Date
  updated_at: Date
}

export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  version: string | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
}

/** Thrown inside a transaction to roll it back on purpose. */
class Rollback extends Error {}

function tx<T>(pool: Pool, caller: Caller, what: string, fn: (c: PoolClient) => Promise<T>) {
  return withTransaction(
    pool,
    fn,
    requestTx({ role: caller.role, claims: caller.claims, method: 'STORAGE', path: what }),
  )
}

/**
 * Hosted Storage's protect_delete trigger (tenant migration 0055) refuses direct DELETEs unless
 * the API says so for the transaction; harmless where the trigger does not exist.
 */
async function allowDelete(c: PoolClient): Promise<void> {
  await c.query(`select set_config('storage.allow_delete_query', 'true', true)`)
}

function toBucket(r: Record<string, unknown>): BucketRow {
  return {
    ...(r as unknown as BucketRow),
    file_size_limit: r.file_size_limit === null ? null : Number(r.file_size_limit),
  }
}

export async function findBucket(
  pool: Pool,
  caller: Caller,
  id: string,
): Promise<BucketRow | undefined> {
  return tx(pool, caller, 'bucket', async (c) => {
    const { rows } = await c.query(
      `select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at
       from storage.buckets where id = $1`,
      [id],
    )
    return rows[0] ? toBucket(rows[0]) : undefined
  })
}

export async function listBuckets(pool: Pool, caller: Caller): Promise<BucketRow[]> {
  return tx(pool, caller, 'bucket', async (c) => {
    const { rows } = await c.query(
      `select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at
       from storage.buckets order by name`,
    )
    return rows.map(toBucket)
  })
}

export interface BucketInput {
  id: string
  public?: boolean
  file_size_limit?: number | null
  allowed_mime_types?: string[] | null
}

export async function createBucket(pool: Pool, caller: Caller, b: BucketInput): Promise<void> {
  const owner = ownerOf(caller)
  await tx(pool, caller, 'bucket', (c) =>
    c.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit,
         allowed_mime_types)
       values ($1, $1, $2, $3, $4, $5, $6)`,
      [
        b.id,
        owner,
        owner,
        b.public ?? false,
        b.file_size_limit ?? null,
        b.allowed_mime_types ?? null,
      ],
    ),
  )
}

export async function updateBucket(pool: Pool, caller: Caller, b: BucketInput): Promise<boolean> {
  return tx(pool, caller, 'bucket', async (c) => {
    const { rowCount } = await c.query(
      `update storage.buckets set
         public = coalesce($2, public),
         file_size_limit = case when $5 then $3 else file_size_limit end,
         allowed_mime_types = case when $6 then $4 else allowed_mime_types end,
         updated_at = now()
       where id = $1`,
      [
        b.id,
        b.public ?? null,
        b.file_size_limit ?? null,
        b.allowed_mime_types ?? null,
        b.file_size_limit !== undefined,
        b.allowed_mime_types !== undefined,
      ],
    )
    return (rowCount ?? 0) > 0
  })
}

/** Deletes the bucket if the caller may and it is empty: 'deleted' | 'missing' | 'not-empty'. */
export async function deleteBucket(
  pool: Pool,
  caller: Caller,
  id: string,
): Promise<'deleted' | 'missing' | 'not-empty'> {
  return tx(pool, caller, 'bucket', async (c) => {
    const visible = await c.query(`select 1 from storage.buckets where id = $1 for update`, [id])
    if (visible.rowCount === 0) return 'missing'
    // Only admins and service_role get this far, and both see every object of the bucket.
    const { rows } = await c.query(
      `select exists (select from storage.objects where bucket_id = $1) as any`,
      [id],
    )
    if ((rows[0] as { any: boolean }).any) return 'not-empty'
    const { rowCount } = await c.query(`delete from storage.buckets where id = $1`, [id])
    return (rowCount ?? 0) > 0 ? 'deleted' : 'missing'
  })
}

/** Deletes every object of the bucket the caller may delete; returns their file versions. */
export async function emptyBucket(
  pool: Pool,
  caller: Caller,
  id: string,
): Promise<string[] | undefined> {
  return tx(pool, caller, 'bucket', async (c) => {
    const visible = await c.query(`select 1 from storage.buckets where id = $1`, [id])
    if (visible.rowCount === 0) return undefined
    await allowDelete(c)
    const { rows } = await c.query(
      `delete from storage.objects where bucket_id = $1 returning version`,
      [id],
    )
    return rows.map((r: { version: string | null }) => r.version ?? '')
  })
}

export interface ListOptions {
  prefix: string
  limit: number
  offset: number
  search: string
  column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at'
  order: 'asc' | 'desc'
}

export interface ListEntry {
  name: string
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ObjectMetadata | null
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`)
}

/** One level below `prefix` (which ends in '/' or is ''): files, and each sub-folder once. */
export async function listObjects(
  pool: Pool,
  caller: Caller,
  bucket: string,
  o: ListOptions,
): Promise<ListEntry[]> {
  // The sort column and direction are parameters too: each CASE term is live for one choice.
  return tx(pool, caller, 'list', async (c) => {
    const { rows } = await c.query(
      `with rest as (
         select o.*, substr(o.name, $3::int + 1) as tail
         from storage.objects o
         where o.bucket_id = $1 and starts_with(o.name, $2)
       ), entries as (
         select distinct split_part(tail, '/', 1) as name, null::uuid as id,
           null::timestamptz as updated_at, null::timestamptz as created_at,
           null::timestamptz as last_accessed_at, null::jsonb as metadata
         from rest where strpos(tail, '/') > 0
         union all
         select tail, id, updated_at, created_at, last_accessed_at, metadata
         from rest where strpos(tail, '/') = 0
       )
       select * from entries
       where $4 = '' or lower(name) like lower($4) || '%'
       order by
         case when $7 = 'name' and $8 = 'asc' then lower(name) collate "C" end asc nulls last,
         case when $7 = 'name' and $8 = 'desc' then lower(name) collate "C" end desc nulls last,
         case when $7 = 'created_at' and $8 = 'asc' then created_at end asc nulls last,
         case when $7 = 'created_at' and $8 = 'desc' then created_at end desc nulls last,
         case when $7 = 'updated_at' and $8 = 'asc' then updated_at end asc nulls last,
         case when $7 = 'updated_at' and $8 = 'desc' then updated_at end desc nulls last,
         case when $7 = 'last_accessed_at' and $8 = 'asc' then last_accessed_at end asc nulls last,
         case when $7 = 'last_accessed_at' and $8 = 'desc' then last_accessed_at end desc nulls last,
         lower(name) collate "C" asc
       limit $5 offset $6`,
      [
        bucket,
        o.prefix,
        o.prefix.length,
        likeEscape(o.search),
        o.limit,
        o.offset,
        o.column,
        o.order === 'desc' ? 'desc' : 'asc',
      ],
    )
    return rows as ListEntry[]
  })
}

export async function findObject(
  pool: Pool,
  caller: Caller,
  bucket: string,
  name: string,
  publicOnly = false,
): Promise<ObjectRow | undefined> {
  return tx(pool, caller, 'object', async (c) => {
    const { rows } = await c.query(
      `select id, bucket_id, name, owner, version, created_at, updated_at, last_accessed_at,
         metadata, user_metadata
       from storage.objects o
       where o.bucket_id = $1 and o.name = $2
         and (not $3 or exists (select from storage.buckets b where b.id = o.bucket_id and b.public))`,
      [bucket, name, publicOnly],
    )
    return rows[0] as ObjectRow | undefined
  })
}

export interface NewObject {
  bucket: string
  name: string
  version: string
  metadata: ObjectMetadata
  userMetadata: Record<string, unknown> | null
}

function ownerOf(caller: Caller): string | null {
  const sub = (caller.claims as { sub?: unknown }).sub
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null
}

/**
 * Tries the row write the upload will make and rolls it back, so a caller without the right gets
 * AccessDenied before a single byte is written to disk (as Storage's canUpload does).
 */
export async function checkCanWrite(
  pool: Pool,
  caller: Caller,
  bucket: string,
  name: string,
  mode: 'insert' | 'upsert' | 'update',
): Promise<void> {
  try {
    await tx(pool, caller, 'upload', async (c) => {
      await writeRow(
        c,
        caller,
        {
          bucket,
          name,
          version: '00000000-0000-0000-0000-000000000000',
          metadata: {} as ObjectMetadata,
          userMetadata: null,
        },
        mode,
      )
      throw new Rollback()
    })
  } catch (e) {
    if (!(e instanceof Rollback)) throw e
  }
}

const INSERT_OBJECT = `insert into storage.objects (bucket_id, name, version, metadata,
    user_metadata, owner, owner_id)
  values ($1, $2, $3, $4, $5, $6::uuid, $6::text)
  returning id`

const UPSERT_OBJECT = `insert into storage.objects (bucket_id, name, version, metadata,
    user_metadata, owner, owner_id)
  values ($1, $2, $3, $4, $5, $6::uuid, $6::text)
  on conflict (bucket_id, name) do update set version = excluded.version,
    metadata = excluded.metadata, user_metadata = excluded.user_metadata,
    owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(),
    last_accessed_at = now()
  returning id`

async function writeRow(
  c: PoolClient,
  caller: Caller,
  o: NewObject,
  mode: 'insert' | 'upsert' | 'update',
): Promise<{ id: string; oldVersion: string | null } | undefined> {
  const owner = ownerOf(caller)
  const params = [o.bucket, o.name, o.version, o.metadata, o.userMetadata, owner]
  if (mode === 'update') {
    const { rows } = await c.query(
      `update storage.objects o set version = $3, metadata = $4, user_metadata = $5,
         owner = $6::uuid, owner_id = $6::text, updated_at = now(), last_accessed_at = now()
       from (select id, version from storage.objects
             where bucket_id = $1 and name = $2 for update) old
       where o.id = old.id
       returning o.id, old.version as old_version`,
      params,
    )
    const r = rows[0] as { id: string; old_version: string | null } | undefined
    return r && { id: r.id, oldVersion: r.old_version }
  }
  const old =
    mode === 'upsert'
      ? await c.query(
          `select version from storage.objects where bucket_id = $1 and name = $2 for update`,
          [o.bucket, o.name],
        )
      : undefined
  const { rows } = await c.query(mode === 'upsert' ? UPSERT_OBJECT : INSERT_OBJECT, params)
  const oldVersion = (old?.rows[0] as { version: string | null } | undefined)?.version ?? null
  return { id: (rows[0] as { id: string }).id, oldVersion }
}

export async function writeObject(
  pool: Pool,
  caller: Caller,
  o: NewObject,
  mode: 'insert' | 'upsert' | 'update',
): Promise<{ id: string; oldVersion: string | null } | undefined> {
  return tx(pool, caller, 'upload', (c) => writeRow(c, caller, o, mode))
}

export async function deleteObjects(
  pool: Pool,
  caller: Caller,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  return tx(pool, caller, 'delete', async (c) => {
    await allowDelete(c)
    const { rows } = await c.query(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, bucket_id, name, owner, version, created_at, updated_at, last_accessed_at,
         metadata, user_metadata`,
      [bucket, names],
    )
    return rows as ObjectRow[]
  })
}

export async function moveObject(
  pool: Pool,
  caller: Caller,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
): Promise<boolean> {
  return tx(pool, caller, 'move', async (c) => {
    const { rowCount } = await c.query(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
       where bucket_id = $1 and name = $2`,
      [from.bucket, from.name, to.bucket, to.name],
    )
    return (rowCount ?? 0) > 0
  })
}
