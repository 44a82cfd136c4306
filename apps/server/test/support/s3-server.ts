// An S3-compatible server on loopback for the tests: s3rver (npm), files in a temp directory, one
// bucket made up front. It checks SigV4 signatures against its one built-in account, so the
// settings below are also what a real deployment sets. What it covers of real S3, and what not:
// docs/decisions/211-s3rver-for-tests.md.
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
