// Where the bytes of storage objects live, behind one interface: the local disk (file-store.ts,
// the embedded default) or an S3-compatible bucket (s3-object-store.ts). Every object version is
// written once under a fresh UUID (the row's `version`) and never changed, so both backends only
// ever create, read and delete whole versions; names, renames and permissions stay in PostgreSQL.
import crypto from 'node:crypto'
import { Transform, type Readable } from 'node:stream'
import { entityTooLarge } from './errors.js'

export interface StoredFile {
  version: string
  size: number
  /** Quoted MD5 of the bytes, as Storage's eTag. */
  eTag: string
}

/** What a write records beside the bytes, for a CDN that serves them straight from a bucket. */
export interface WriteOptions {
  contentType: string
  cacheControl: string
}

/** A version opened for reading. */
export interface OpenObject {
  /**
   * The bytes `start`..`end` (inclusive; to the end when `end` is omitted), or undefined when the
   * version turned out to be gone (S3 only learns it here, the local disk already at open).
   */
  stream(start: number, end?: number): Promise<Readable | undefined>
  /** The size of the stored bytes (for rows without a recorded size; costs a stat or a HEAD). */
  size(): Promise<number>
  /** Releases what open() took (a descriptor); a no-op once stream() has taken it over. */
  close(): Promise<void>
}

export interface StoredVersion {
  version: string
  size: number
  lastModified: Date
}

export interface ObjectStore {
  readonly kind: 'local' | 's3'
  init(): Promise<void>
  /**
   * Streams `source` into a new durable version: when this resolves, the bytes survive a crash.
   * Throws EntityTooLarge once more than `maxBytes` arrive (nothing is left stored).
   */
  write(source: Readable, maxBytes: number, options: WriteOptions): Promise<StoredFile>
  /** Opens a version for reading; undefined when it is known to be gone. */
  open(version: string): Promise<OpenObject | undefined>
  /** Deletes a version; a missing one is not an error. */
  remove(version: string | null | undefined): Promise<void>
  /** Every stored version, in no particular order: for sweeps, backups and migrations. */
  list(): AsyncIterable<StoredVersion>
  /** The URL a CDN serves this version's bytes at, when one is configured (S3_PUBLIC_URL). */
  publicUrl(version: string): string | undefined
}

export const VERSION_PATTERN = /^[0-9a-f-]{36}$/

/** The key of a version, relative to the store's root: `objects/<first 2 hex>/<version>`. */
export function versionKey(version: string): string {
  if (!VERSION_PATTERN.test(version)) throw new Error(`bad object version ${version}`)
  return `objects/${version.slice(0, 2)}/${version}`
}

export function newVersion(): string {
  return crypto.randomUUID()
}

/**
 * A pass-through that counts bytes and hashes them (MD5, Storage's eTag) on the way, failing with
 * EntityTooLarge once more than `maxBytes` have passed.
 */
export function byteMeter(
  maxBytes: number,
): Transform & { result(): { size: number; eTag: string } } {
  const hash = crypto.createHash('md5')
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (size > maxBytes) return done(entityTooLarge())
      hash.update(chunk)
      done(null, chunk)
    },
  })
  return Object.assign(meter, {
    result: () => ({ size, eTag: `"${hash.digest('hex')}"` }),
  })
}

/** Reads a whole version into memory: for tests and small operator checks only. */
export async function readWhole(store: ObjectStore, version: string): Promise<Buffer | undefined> {
  const opened = await store.open(version)
  if (!opened) return undefined
  const stream = await opened.stream(0)
  if (!stream) return undefined
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}
