// Writing objects: the one path both the upload routes and the first-start seed take, so bytes
// and rows always stay consistent. Order: bucket and permission checks (a rolled-back trial
// write in the caller's role), then the bytes go durably to the object store (disk or S3), then
// the row is committed; a failed commit removes the new version and a replaced version's bytes go
// only after the commit (a crash in between leaves orphans for `npm run storage -- sweep`).
import type { Readable } from 'node:stream'
import type { Pool } from 'pg'
import { isDatabaseUnavailable } from '../db/unavailable.js'
import {
  entityTooLarge,
  fromDatabaseError,
  invalidMimeType,
  noSuchBucket,
  noSuchKey,
} from './errors.js'
import { storedMediaType } from './media-type.js'
import type { ObjectStore } from './object-store.js'
import { PublicObjectCache } from './public-cache.js'
import {
  checkCanWrite,
  findBucket,
  SERVICE,
  writeObject,
  type BucketRow,
  type Caller,
} from './queries.js'

/** The largest object accepted in any bucket (Supabase's free-tier limit). */
export const MAX_OBJECT_BYTES = 50 * 1024 * 1024

export type WriteMode = 'insert' | 'upsert' | 'update'

export interface UploadInput {
  bucket: string
  name: string
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  mode: WriteMode
  /** The declared size when known up front (a raw body's Content-Length). */
  declaredSize?: number
}

export function mimeAllowed(allowed: string[] | null, mime: string): boolean {
  if (!allowed || allowed.length === 0) return true
  return allowed.some((a) => {
    const pattern = a.trim().toLowerCase()
    if (pattern === '*/*' || pattern === mime) return true
    return pattern.endsWith('/*') && mime.startsWith(pattern.slice(0, -1))
  })
}

export function baseMime(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase()
}

export class StorageService {
  readonly publicCache = new PublicObjectCache()

  constructor(
    readonly pool: Pool,
    readonly files: ObjectStore,
  ) {}

  /** Everything that can be refused before the body is read; returns the size limit. */
  async prepareUpload(caller: Caller, input: UploadInput): Promise<number> {
    const bucket: BucketRow | undefined = await findBucket(this.pool, SERVICE, input.bucket)
    if (!bucket) throw noSuchBucket()
    await this.guard(() => checkCanWrite(this.pool, caller, input.bucket, input.name, input.mode))
    // From here on the upload carries only its validated type (media-type.ts).
    const stored = storedMediaType(input.contentType)
    if (stored === undefined) throw invalidMimeType(input.contentType.slice(0, 100))
    input.contentType = stored
    const mime = baseMime(stored)
    if (!mimeAllowed(bucket.allowed_mime_types, mime)) throw invalidMimeType(mime)
    const limit = Math.min(bucket.file_size_limit ?? MAX_OBJECT_BYTES, MAX_OBJECT_BYTES)
    if (input.declaredSize !== undefined && input.declaredSize > limit) throw entityTooLarge()
    return limit
  }

  /** Stores the bytes and commits the row; call prepareUpload first. */
  async commitUpload(
    caller: Caller,
    input: UploadInput,
    body: Readable,
    limit: number,
  ): Promise<{ id: string; key: string }> {
    const stored = await this.files.write(body, limit, {
      contentType: input.contentType,
      cacheControl: input.cacheControl,
    })
    const now = new Date().toISOString()
    let result: Awaited<ReturnType<typeof writeObject>>
    try {
      result = await this.guard(() =>
        writeObject(
          this.pool,
          caller,
          {
            bucket: input.bucket,
            name: input.name,
            version: stored.version,
            metadata: {
              eTag: stored.eTag,
              size: stored.size,
              mimetype: input.contentType,
              cacheControl: input.cacheControl,
              lastModified: now,
              contentLength: stored.size,
              httpStatusCode: 200,
            },
            userMetadata: input.userMetadata,
          },
          input.mode,
        ),
      )
    } catch (e) {
      // Lost with the database, the COMMIT may still have landed: keep the bytes (an orphaned
      // file is harmless, a listed object without its file is not).
      if (!isDatabaseUnavailable(e)) await this.files.remove(stored.version)
      throw e
    }
    this.publicCache.clear()
    if (!result) {
      await this.files.remove(stored.version)
      throw noSuchKey()
    }
    await this.files.remove(result.oldVersion)
    return { id: result.id, key: `${input.bucket}/${input.name}` }
  }

  async upload(caller: Caller, input: UploadInput, body: Readable) {
    const limit = await this.prepareUpload(caller, input)
    return this.commitUpload(caller, input, body, limit)
  }

  /** Runs a caller-role statement, turning database refusals into Storage's errors. */
  async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (e) {
      throw fromDatabaseError(e) ?? e
    }
  }
}
