// An S3-compatible server on loopback for the tests: s3rver (npm), files in a temp directory, one
// bucket made up front. It checks SigV4 signatures against its one built-in account, so the
// settings below are also what a real deployment sets. What it covers of real S3, and what not:
// docs/decisions/211-s3rver-for-tests.md. Two multipart calls it lacks, ListParts and
// AbortMultipartUpload, which resumable uploads (@tus/s3-store) make, are answered here from its
// own upload directory (decision 330).
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import type { StorageConfig } from '../../src/config.js'
import { s3ClientConfig } from '../../src/storage/s3-object-store.js'

export type S3Storage = Extract<StorageConfig, { backend: 's3' }>

export interface TestS3Server {
  endpoint: string
  bucket: string
  /** The server's settings for this bucket (as STORAGE_BACKEND=s3 and S3_* would give them). */
  storage: S3Storage
  /** The same settings as environment variables, for a server process. */
  env: Record<string, string>
  client: S3Client
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>
  close(): Promise<void>
}

export async function startS3Server(
  opts: { port?: number; bucket?: string } = {},
): Promise<TestS3Server> {
  const bucket = opts.bucket ?? 'rent-due-media'
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  ;(server as unknown as { middleware: unknown[] }).middleware.unshift(multipartExtras(directory))
  const { port } = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${port}`
  const storage: S3Storage = {
    backend: 's3',
    endpoint,
    region: 'us-east-1',
    bucket,
    // s3rver's one built-in account.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicUrl: undefined,
  }
  const client = new S3Client(s3ClientConfig(storage))
  return {
    endpoint,
    bucket,
    storage,
    env: {
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: storage.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys() {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        )
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''))
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return keys.sort()
    },
    async close() {
      client.destroy()
      await server.close().catch(() => undefined)
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId) over s3rver's layout:
 * <directory>/<bucket>/._S3rver_uploads/<uploadId>/<part number> with <part number>.md5 beside.
 * Path-style requests only, as the tests make them. Signatures are not checked here.
 */
/** The part of Koa's context (s3rver is a Koa app) these two calls use. */
interface KoaContext {
  method: string
  path: string
  query: Record<string, unknown>
  status: number
  type: string
  body: unknown
}

function multipartExtras(directory: string) {
  return async (ctx: KoaContext, next: () => Promise<unknown>) => {
    const uploadId = ctx.query.uploadId
    if (typeof uploadId !== 'string' || !/^[0-9a-f]{1,64}$/.test(uploadId)) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'DELETE') return next()
    const [, bucket = '', ...keyParts] = ctx.path.split('/')
    const key = keyParts.map(decodeURIComponent).join('/')
    const dir = path.join(directory, decodeURIComponent(bucket), '._S3rver_uploads', uploadId)
    const entries = await fs.readdir(dir).catch(() => undefined)
    if (!entries) {
      ctx.status = 404
      ctx.type = 'application/xml'
      ctx.body = xml(
        `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`,
      )
      return
    }
    if (ctx.method === 'DELETE') {
      await fs.rm(dir, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    const numbers = entries
      .filter((e) => /^\d+$/.test(e))
      .map(Number)
      .sort((a, b) => a - b)
    const parts: string[] = []
    for (const n of numbers) {
      const stat = await fs.stat(path.join(dir, String(n)))
      const md5 = await fs.readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => '')
      parts.push(
        `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`,
      )
    }
    ctx.status = 200
    ctx.type = 'application/xml'
    ctx.body = xml(
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(decodeURIComponent(bucket))}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    )
  }
}
