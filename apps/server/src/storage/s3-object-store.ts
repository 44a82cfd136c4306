// The bytes of objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Supabase's S3
// endpoint), through the official SDK: one key per object version, `objects/<2 hex>/<version>`,
// the same layout as the local disk, so `npm run storage -- migrate-to-s3` copies paths as keys.
// A write resolves only once S3 has acknowledged the whole object (a PUT, or a completed multipart
// upload), which is S3's durability point; the caller commits the row only after that. Reads ask
// S3 for exactly the byte range being answered, and stream it: nothing is buffered whole.
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { StorageConfig } from '../config.js'
import { StorageError, storageUnavailable } from './errors.js'
import { isPassiveMedia } from './media-type.js'
import {
  byteMeter,
  newVersion,
  VERSION_PATTERN,
  versionKey,
  type ObjectStore,
  type OpenObject,
  type StoredFile,
  type StoredVersion,
  type WriteOptions,
} from './object-store.js'

export type S3Settings = Extract<StorageConfig, { backend: 's3' }>

// Multipart parts: the SDK holds up to queueSize parts of one upload in memory at once, so an
// upload costs at most 2 × 8 MiB of buffer; objects up to 8 MiB go up as one PUT.
const PART_SIZE = 8 * 1024 * 1024
const QUEUE_SIZE = 2

export function s3ClientConfig(s: S3Settings): S3ClientConfig {
  return {
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // The SDK's default adds CRC32 checksums to every upload as aws-chunked trailers, which not
    // every S3-compatible service accepts; the bytes' MD5 is ours anyway (the eTag).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

function isMissing(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } }
  return (
    err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404
  )
}

/** Any failure to reach or use the bucket is a missing dependency: 503, try again later. */
function unavailable(e: unknown): StorageError {
  if (e instanceof StorageError) return e
  return storageUnavailable(e)
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3'
  readonly client: S3Client
  readonly bucket: string

  constructor(
    readonly settings: S3Settings,
    client?: S3Client,
  ) {
    this.client = client ?? new S3Client(s3ClientConfig(settings))
    this.bucket = settings.bucket
  }

  /** Checks that the bucket answers, so a wrong setting stops the start with a clear message. */
  async init(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
    } catch (e) {
      const where = this.settings.endpoint ?? `AWS S3 (${this.settings.region})`
      throw new Error(
        `The S3 bucket '${this.bucket}' at ${where} cannot be used: ${describe(e)}. ` +
          'Check S3_ENDPOINT, S3_REGION, S3_BUCKET, the credentials and S3_FORCE_PATH_STYLE.',
        { cause: e },
      )
    }
  }

  write(source: Readable, maxBytes: number, options: WriteOptions): Promise<StoredFile> {
    return this.writeAs(newVersion(), source, maxBytes, options)
  }

  /** Stores the bytes of a given version (copying one from another store keeps its id). */
  async writeAs(
    version: string,
    source: Readable,
    maxBytes: number,
    options: WriteOptions,
  ): Promise<StoredFile> {
    const meter = byteMeter(maxBytes)
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: versionKey(version),
        Body: meter,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
        // A CDN serving the bucket straight (S3_PUBLIC_URL) passes this on: only passive media
        // is shown inline there too (media-type.ts).
        ContentDisposition: isPassiveMedia(options.contentType) ? undefined : 'attachment',
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    })
    // Either side failing stops the other: a failed upload no longer drains the meter.
    let uploadFailedFirst = false
    const done = upload.done().catch((e: unknown) => {
      if (!meter.destroyed) {
        uploadFailedFirst = true
        meter.destroy(e as Error)
      }
      throw e
    })
    const [piped, uploaded] = await Promise.allSettled([pipeline(source, meter), done])
    if (piped.status === 'rejected' || uploaded.status === 'rejected') {
      // The SDK aborts a failed multipart upload itself; a single PUT whose answer was lost may
      // still have landed, so remove the key as well (a sweep catches it if this fails too).
      await this.remove(version).catch(() => undefined)
      // The body's own failure (too large, the client went away) is reported as such; the
      // bucket's is a missing dependency.
      if (piped.status === 'rejected' && !uploadFailedFirst) throw piped.reason
      throw unavailable((uploaded as PromiseRejectedResult).reason)
    }
    return { version, ...meter.result() }
  }

  /** No request yet: S3 is asked once, for the range actually answered. */
  async open(version: string): Promise<OpenObject | undefined> {
    if (!VERSION_PATTERN.test(version)) return undefined
    return {
      stream: async (start, end) => {
        const range =
          end === undefined
            ? start === 0
              ? undefined
              : `bytes=${start}-`
            : `bytes=${start}-${end}`
        try {
          const res = await this.client.send(
            new GetObjectCommand({ Bucket: this.bucket, Key: versionKey(version), Range: range }),
          )
          return res.Body as Readable
        } catch (e) {
          if (isMissing(e)) return undefined
          throw unavailable(e)
        }
      },
      size: async () => {
        try {
          const head = await this.client.send(
            new HeadObjectCommand({ Bucket: this.bucket, Key: versionKey(version) }),
          )
          return head.ContentLength ?? 0
        } catch (e) {
          throw unavailable(e)
        }
      },
      close: async () => undefined,
    }
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (!version || !VERSION_PATTERN.test(version)) return
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: versionKey(version) }),
      )
    } catch (e) {
      if (!isMissing(e)) throw unavailable(e)
    }
  }

  async *list(): AsyncIterable<StoredVersion> {
    let token: string | undefined
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: 'objects/',
            ContinuationToken: token,
          }),
        )
        .catch((e: unknown) => {
          throw unavailable(e)
        })
      for (const o of page.Contents ?? []) {
        const version = o.Key?.split('/').pop() ?? ''
        if (!VERSION_PATTERN.test(version) || o.Key !== versionKey(version)) continue
        yield { version, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  publicUrl(version: string): string | undefined {
    return this.settings.publicUrl && `${this.settings.publicUrl}/${versionKey(version)}`
  }
}

function describe(e: unknown): string {
  const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } }
  const status = err.$metadata?.httpStatusCode
  return [err.name, status && `HTTP ${status}`, err.message].filter(Boolean).join(', ')
}
