// Resumable uploads (TUS) on STORAGE_BACKEND=s3 (s3rver on loopback): each upload is one S3
// multipart upload whose key is the object version's own key, so completing it is all it takes;
// a 600 MiB file whose connection drops mid-way resumes (the cut chunk's bytes wait as an
// incomplete part) and lands byte for byte; the bucket then holds exactly the versions the rows
// name, and a cancelled upload leaves nothing behind.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { versionKey } from '../src/storage/object-store.js'
import { startCuttingProxy } from '../../../test-support/cutting-proxy.js'
import { sha256Of, writePatternFile } from './support/pattern-file.js'
import { startS3Server, type TestS3Server } from './support/s3-server.js'
import { startTestServer, type TestServer } from './support/test-server.js'
import { tusUpload } from './support/tus-upload.js'

const BUCKET = 'Full episodes'
const BIG = 600 * 1024 * 1024

let s3: TestS3Server
let server: TestServer
let adminToken: string
let tmp: string

beforeAll(async () => {
  s3 = await startS3Server()
  server = await startTestServer({ env: { storage: s3.storage } })
  adminToken = await server.tokenFor({ app_metadata: { role: 'admin' } })
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-tus-s3-'))
})

afterAll(async () => {
  await server?.close()
  await s3?.close()
  if (tmp) await fs.rm(tmp, { recursive: true, force: true })
})

async function versions(): Promise<string[]> {
  const { rows } = await server.adminPool.query<{ version: string }>(
    'select version from storage.objects where version is not null',
  )
  return rows.map((r) => versionKey(r.version)).sort()
}

async function s3Bytes(key: string): Promise<Readable> {
  const res = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
  return res.Body as Readable
}

it('uploads with tus-js-client straight into the version key, leaving no .info or .part', async () => {
  const bytes = crypto.randomBytes(7 * 1024 * 1024 + 11)
  await tusUpload({
    endpoint: `${server.url}/storage/v1/upload/resumable`,
    token: adminToken,
    apiKey: server.keys.anonKey,
    input: bytes,
    bucket: BUCKET,
    name: 's3/short.mp4',
    contentType: 'video/mp4',
  })
  expect(await s3.keys()).toEqual(await versions())
  const { rows } = await server.adminPool.query<{ version: string; size: number }>(
    `select version, (metadata->>'size')::bigint as size from storage.objects where name = 's3/short.mp4'`,
  )
  expect(Number(rows[0]?.size)).toBe(bytes.length)
  const sha = crypto.createHash('sha256').update(bytes).digest('hex')
  expect(await sha256Of(await s3Bytes(versionKey(rows[0]!.version)))).toBe(sha)
})

it(`lands a ${BIG / 1024 / 1024} MiB file byte for byte after the connection drops mid-way`, async () => {
  const file = path.join(tmp, 'big.webm')
  const sha = await writePatternFile(file, BIG)
  const proxy = await startCuttingProxy(Number(new URL(server.url).port), Math.floor(BIG * 0.55))
  try {
    const result = await tusUpload({
      endpoint: `${proxy.url}/storage/v1/upload/resumable`,
      token: adminToken,
      apiKey: server.keys.anonKey,
      input: file,
      bucket: BUCKET,
      name: 's3/600.webm',
      contentType: 'video/webm',
    })
    expect(proxy.cut).toBe(true)
    const head = result.requests.findIndex((r) => r.method === 'HEAD')
    const resumedAt = Number(result.requests[head + 1]?.offset)
    expect(resumedAt).toBeGreaterThan(BIG * 0.5)
    expect(resumedAt).toBeLessThan(BIG * 0.56)
  } finally {
    await proxy.close()
  }
  await fs.rm(file)
  const { rows } = await server.adminPool.query<{ version: string; size: string }>(
    `select version, metadata->>'size' as size from storage.objects where name = 's3/600.webm'`,
  )
  expect(Number(rows[0]?.size)).toBe(BIG)
  expect(await sha256Of(await s3Bytes(versionKey(rows[0]!.version)))).toBe(sha)
  expect(await s3.keys()).toEqual(await versions())
}, 240_000)

it('cancels an upload: the multipart upload is aborted, its .info and .part removed', async () => {
  const before = await s3.keys()
  const res = await fetch(`${server.url}/storage/v1/upload/resumable`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${adminToken}`,
      'upload-length': String(20 * 1024 * 1024),
      'upload-metadata': [
        `bucketName ${Buffer.from(BUCKET).toString('base64')}`,
        `objectName ${Buffer.from('s3/cancel.mp4').toString('base64')}`,
        `contentType ${Buffer.from('video/mp4').toString('base64')}`,
      ].join(','),
      'content-type': 'application/offset+octet-stream',
    },
    // Less than a part: it waits in S3 as the upload's incomplete part.
    body: crypto.randomBytes(1024 * 1024),
  })
  expect([res.status, res.headers.get('upload-offset')]).toEqual([201, String(1024 * 1024)])
  expect((await s3.keys()).filter((k) => !before.includes(k))).toHaveLength(2)
  const cancelled = await fetch(`${server.url}${res.headers.get('location')}`, {
    method: 'DELETE',
    headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${adminToken}` },
  })
  expect(cancelled.status).toBe(204)
  expect(await s3.keys()).toEqual(before)
  const { rows } = await server.adminPool.query('select version from resumable.uploads')
  expect(rows).toEqual([])
})
