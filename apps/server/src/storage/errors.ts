import { ClientBusyError, DatabaseBusyError } from '../db/fair-pool.js'
// Storage's error shape (docs/api-coverage.md#storage-storagev1, supabase/storage
// src/internal/errors): HTTP 400 for every client-side failure, with the "real" status as a string
// in the body; 416, 500 and a few others keep their own HTTP status. storage-js only looks at `ok`
// and the body's message.
export class StorageError extends Error {
  constructor(
    /** The status the body reports ("404", "409", ...). */
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** The HTTP status sent; storage's rule is 400 unless the real status is 500. */
    readonly httpStatus: number = statusCode === 500 ? 500 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    }
  }
}

export const noSuchKey = () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found')
/** What the renderer (public and authenticated downloads) says for a missing object. */
export const renderNotFound = () =>
  new StorageError(404, 'NoSuchKey', 'Not found', 'The resource was not found')
export const noSuchBucket = () =>
  new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found')
export const duplicate = () =>
  new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists')
export const accessDenied = (message = 'new row violates row-level security policy') =>
  new StorageError(403, 'AccessDenied', 'Unauthorized', message)
export const entityTooLarge = () =>
  new StorageError(
    413,
    'EntityTooLarge',
    'Payload too large',
    'The object exceeded the maximum allowed size',
  )
export const invalidMimeType = (mime: string) =>
  new StorageError(
    415,
    'InvalidMimeType',
    'invalid_mime_type',
    `mime type ${mime} is not supported`,
  )
export const invalidKey = (key: string) =>
  new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`)
export const invalidBucketName = (name: string) =>
  new StorageError(400, 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${name}`)
export const invalidRequest = (message: string) =>
  new StorageError(400, 'InvalidRequest', 'Invalid Input', message)
export const bucketNotEmpty = () =>
  new StorageError(
    409,
    'InvalidRequest',
    'Bucket not empty',
    'The bucket you tried to delete is not empty',
  )
export const invalidRange = () =>
  new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided', 416)
/** The object store (S3) cannot be reached or refused us: a missing dependency, not a bug. */
export const storageUnavailable = (cause?: unknown) =>
  Object.assign(
    new StorageError(
      503,
      'ServiceUnavailable',
      'Service Unavailable',
      'Object storage is unavailable; try again shortly',
      503,
    ),
    { cause },
  )
/** While the database is unreachable: a real 503, so clients and proxies retry. */
export const databaseUnavailable = () =>
  new StorageError(
    503,
    'DatabaseUnavailable',
    'Service Unavailable',
    'The database is unavailable, try again shortly',
    503,
  )
export const internalError = () =>
  new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error')

/**
 * Maps a PostgreSQL error from a caller-role statement the way storage's database layer does, and
 * the pool's fairness refusals (db/fair-pool.ts): 429 for a client over its share, 503 when no
 * connection came free, both with Retry-After.
 */
export function fromDatabaseError(e: unknown): StorageError | undefined {
  if (e instanceof ClientBusyError) {
    return new StorageError(429, 'SlowDown', 'too_many_requests', e.message, 429, {
      'retry-after': String(e.retryAfterSeconds),
    })
  }
  if (e instanceof DatabaseBusyError) {
    return new StorageError(503, 'DatabaseTimeout', 'DatabaseTimeout', e.message, 503, {
      'retry-after': String(e.retryAfterSeconds),
    })
  }
  const code = (e as { code?: unknown } | null)?.code
  // Data exceptions (22…) and "too complex" (54…) come from what the client sent; the first
  // describe its value, the second would only name the engine's limits.
  if (typeof code === 'string' && code.startsWith('22')) return invalidRequest((e as Error).message)
  if (typeof code === 'string' && code.startsWith('54')) {
    return invalidRequest('The request is too complex')
  }
  if (code === '42501') return accessDenied()
  if (code === '23505') return duplicate()
  if (code === '23503') return noSuchBucket()
  if (code === '57014') {
    return new StorageError(544, 'DatabaseTimeout', 'DatabaseTimeout', 'The query timed out', 544)
  }
  return undefined
}
