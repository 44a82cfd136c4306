// The first-start seed of sample media (storage/seed.ts): objects from the manifest of
// @rent-due/sample-media go in through the storage service, so each listed object has its bytes
// and serves them back byte-identical from its public URL; a second run adds nothing and
// rewrites nothing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sampleMediaManifest, type SampleMediaObject } from '@rent-due/sample-media/manifest'
import { seedStorage } from '../src/storage/seed.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let subset: SampleMediaObject[]

beforeAll(async () => {
  server = await startTestServer()
  // Every video and icon, and one rendered soundtrack per volume: the full set renders ~35 MB of
  // audio, which the playback and crash tests do not need to prove again.
  const all = sampleMediaManifest()
  const firstTrack = new Map<string, SampleMediaObject>()
  for (const item of all) {
    if (item.bucket.startsWith('soundtrack') && !firstTrack.has(item.bucket)) {
      firstTrack.set(item.bucket, item)
    }
  }
  subset = [...all.filter((i) => !i.bucket.startsWith('soundtrack')), ...firstTrack.values()]
})

afterAll(async () => {
  await server?.close()
})

it('loads the sample media once, each object whole and listable', async () => {
  expect(await seedStorage(server.adminPool, server.config, subset)).toEqual({
    added: subset.length,
    skipped: 0,
  })
  const versions = await server.adminPool.query(
    'select bucket_id, name, version from storage.objects order by 1, 2',
  )
  expect(versions.rowCount).toBe(subset.length)

  const anon = server.client('anon')
  for (const item of subset) {
    const { data } = await anon.storage.from(item.bucket).list('', { search: item.name })
    expect(data!.map((f) => f.name)).toContain(item.name)
    const res = await fetch(anon.storage.from(item.bucket).getPublicUrl(item.name).data.publicUrl)
    expect(res.status, `${item.bucket}/${item.name}`).toBe(200)
    expect(res.headers.get('content-type')).toBe(item.contentType)
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(item.bytes()))).toBe(true)
  }

  expect(await seedStorage(server.adminPool, server.config, subset)).toEqual({
    added: 0,
    skipped: subset.length,
  })
  const again = await server.adminPool.query(
    'select bucket_id, name, version from storage.objects order by 1, 2',
  )
  expect(again.rows).toEqual(versions.rows)
}, 120_000)
