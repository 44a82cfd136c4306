// The book of unfinished resumable uploads (resumable.uploads, migration 0020), shared by every
// server process: one row per upload from its creation until its object row is committed, it is
// cancelled, or it expires. Only the server touches it, as service_role, after it has checked the
// caller; the caller's own rights are checked against storage.objects in their role (queries.ts).
import type { Pool, PoolClient } from 'pg'
import { requestTx } from '../../db/request-tx.js'
import { withTransaction } from '../../db/transaction.js'

export interface UploadRow {
  version: string
  bucket_id: string
  name: string
  owner_key: string
  mode: 'insert' | 'upsert'
  size: number | null
  content_type: string
  cache_control: string
  user_metadata: Record<string, unknown> | null
  created_at: Date
  expires_at: Date
}

export type NewUpload = Omit<UploadRow, 'created_at' | 'expires_at'> & { expiresInMs: number }

function asService<T>(pool: Pool, what: string, fn: (c: PoolClient) => Promise<T>): Promise<T> {
  return withTransaction(
    pool,
    fn,
    requestTx({
      role: 'service_role',
      claims: { role: 'service_role' },
      method: 'STORAGE',
      path: `resumable ${what}`,
    }),
  )
}

const FIND_UPLOAD = `select version, bucket_id, name, owner_key, mode, size, content_type,
    cache_control, user_metadata, created_at, expires_at
  from resumable.uploads where version = $1`

function toRow(r: Record<string, unknown>): UploadRow {
  return { ...(r as unknown as UploadRow), size: r.size === null ? null : Number(r.size) }
}

export class UploadsBook {
  constructor(private readonly pool: Pool) {}

  /** Adds an upload unless its owner already has `maxOpen` unexpired ones: false then. */
  async add(u: NewUpload, maxOpen: number): Promise<boolean> {
    return asService(this.pool, 'add', async (c) => {
      // One owner's creations queue here, so two at once cannot both squeeze under the limit.
      await c.query('select pg_advisory_xact_lock(hashtextextended($1, 31))', [u.owner_key])
      const { rows } = await c.query<{ open: string }>(
        `select count(*) as open from resumable.uploads
         where owner_key = $1 and expires_at > now()`,
        [u.owner_key],
      )
      if (Number(rows[0]?.open ?? 0) >= maxOpen) return false
      await c.query(
        `insert into resumable.uploads (version, bucket_id, name, owner_key, mode, size,
           content_type, cache_control, user_metadata, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + $10 * interval '1 millisecond')`,
        [
          u.version,
          u.bucket_id,
          u.name,
          u.owner_key,
          u.mode,
          u.size,
          u.content_type,
          u.cache_control,
          u.user_metadata,
          u.expiresInMs,
        ],
      )
      return true
    })
  }

  async find(version: string): Promise<UploadRow | undefined> {
    return asService(this.pool, 'find', async (c) => {
      const { rows } = await c.query(FIND_UPLOAD, [version])
      return rows[0] ? toRow(rows[0]) : undefined
    })
  }

  async remove(version: string): Promise<void> {
    await asService(this.pool, 'remove', (c) =>
      c.query('delete from resumable.uploads where version = $1', [version]),
    )
  }

  /** Up to `limit` expired uploads, oldest first, taken out of the book. */
  async takeExpired(limit: number): Promise<string[]> {
    return asService(this.pool, 'expire', async (c) => {
      const { rows } = await c.query<{ version: string }>(
        `delete from resumable.uploads where version in (
           select version from resumable.uploads where expires_at <= now()
           order by expires_at limit $1 for update skip locked)
         returning version`,
        [limit],
      )
      return rows.map((r) => r.version)
    })
  }

  /**
   * Takes the write lease when it is free (or already ours): 'taken', 'busy' (another request
   * writes; it is asked to let go), or 'missing' (no such upload).
   */
  async lease(
    version: string,
    token: string,
    leaseMs: number,
  ): Promise<'taken' | 'busy' | 'missing'> {
    return asService(this.pool, 'lease', async (c) => {
      const taken = await c.query(
        `update resumable.uploads
           set lock_token = $2, lock_until = now() + $3 * interval '1 millisecond',
               release_requested = false
         where version = $1 and (lock_until is null or lock_until < now() or lock_token = $2)
         returning version`,
        [version, token, leaseMs],
      )
      if (taken.rowCount) return 'taken'
      const asked = await c.query(
        'update resumable.uploads set release_requested = true where version = $1',
        [version],
      )
      return asked.rowCount ? 'busy' : 'missing'
    })
  }

  /** Extends our lease; says whether another request asked for it meanwhile. */
  async renew(version: string, token: string, leaseMs: number): Promise<{ asked: boolean }> {
    return asService(this.pool, 'renew', async (c) => {
      const { rows } = await c.query<{ release_requested: boolean }>(
        `update resumable.uploads set lock_until = now() + $3 * interval '1 millisecond'
         where version = $1 and lock_token = $2 returning release_requested`,
        [version, token, leaseMs],
      )
      return { asked: rows[0]?.release_requested ?? false }
    })
  }

  async release(version: string, token: string): Promise<void> {
    await asService(this.pool, 'release', (c) =>
      c.query(
        `update resumable.uploads set lock_token = null, lock_until = null,
           release_requested = false
         where version = $1 and lock_token = $2`,
        [version, token],
      ),
    )
  }
}
