// What the routes and each kind of resumable store (resumable-store.ts for local disk,
// resumable-s3-store.ts for S3, loaded only when configured) agree on. Its own module, so the S3
// store does not import resumable-store.ts, which loads it.
import type { DataStore } from '@tus/server'
import { VERSION_PATTERN, versionKey } from '../object-store.js'

export interface FinishedBytes {
  size: number
  eTag: string
}

export interface ResumableStore {
  readonly datastore: DataStore
  /** The tus id (the datastore's key) of an upload's version. */
  keyOf(version: string): string
  /** The version an id names, or undefined for an id that is not ours. */
  versionOf(id: string): string | undefined
  /** Turns a finished upload into the object version `version` of the object store. */
  finish(version: string): Promise<FinishedBytes>
  /** Removes what an unfinished (or cancelled) upload left; missing parts are no error. */
  discard(version: string): Promise<void>
}

/** Multipart parts on S3 (tus' part size): the 6 MiB chunks Supabase asks TUS clients to send. */
export const S3_PART_BYTES = 6 * 1024 * 1024

export interface ResumableStoreOptions {
  /** How long an unfinished upload lives (tus' expiration extension, Upload-Expires). */
  expiresInMs: number
  /** Called once a client's DELETE has removed an upload's bytes (tus' termination). */
  onTerminated(version: string): Promise<void>
}

/** The version of an S3 tus id: the id must be exactly the version's key. */
export function versionOfKey(id: string): string | undefined {
  const version = id.slice(id.lastIndexOf('/') + 1)
  return VERSION_PATTERN.test(version) && versionKey(version) === id ? version : undefined
}
