// Loads the sample media (the manifest of the @rent-due/sample-media package) into storage on the
// first start of an empty data directory, through the same StorageService as uploads, as
// service_role: bytes in the object store first, then the row. Objects that already exist are
// skipped, so a rerun (or a start interrupted mid-seed) only adds what is missing.
import { Readable } from 'node:stream'
import type { Pool } from 'pg'
import type { SeedHook } from '../db/migrate.js'
import { sampleMediaManifest, type SampleMediaObject } from '@rent-due/sample-media/manifest'
import { createObjectStore, type ObjectStoreConfig } from './plugin.js'
import { findObject, SERVICE } from './queries.js'
import { StorageService } from './service.js'

export async function seedStorage(
  pool: Pool,
  config: ObjectStoreConfig,
  manifest: Iterable<SampleMediaObject> = sampleMediaManifest(),
): Promise<{ added: number; skipped: number }> {
  const files = await createObjectStore(config)
  await files.init()
  const service = new StorageService(pool, files)
  let added = 0
  let skipped = 0
  for (const item of manifest) {
    if (await findObject(pool, SERVICE, item.bucket, item.name)) {
      skipped++
      continue
    }
    await service.upload(
      SERVICE,
      {
        bucket: item.bucket,
        name: item.name,
        contentType: item.contentType,
        cacheControl: 'max-age=3600',
        userMetadata: null,
        mode: 'insert',
      },
      Readable.from([Buffer.from(item.bytes())]),
    )
    added++
  }
  return { added, skipped }
}

/** The seed hook main.ts registers: runs after seed.sql on a first start. */
export function storageSeedHook(config: ObjectStoreConfig): SeedHook {
  return async ({ adminPool, log }) => {
    const { added, skipped } = await seedStorage(adminPool, config)
    log.info(`storage seeded: ${added} sample objects added, ${skipped} already present`)
  }
}
