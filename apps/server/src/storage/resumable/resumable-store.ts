// Where a resumable upload's bytes gather until its last byte, per object store, and how a
// finished upload becomes an ordinary object version (object-store.ts) without copying it:
//
// - Local disk: @tus/file-store writes DATA_DIR/storage/resumable/<version> (plus its .json).
//   When done the file is fsynced, hashed (MD5, Storage's eTag) and renamed to
//   objects/<2 hex>/<version>, the same file system, so the rename is instant and atomic. Partial
//   uploads never sit under objects/, where `storage sweep` would take them for orphans.
// - S3: @tus/s3-store keys the S3 multipart upload by tus id, and the id IS the version's key
//   (objects/<2 hex>/<version>): completing the multipart upload puts the object where every
//   reader looks for it. The store's own `.info` and `.part` objects are removed afterwards.
//
// `discard` only ever removes what belongs to an unfinished upload, never a version's key: once
// an upload has finished, its bytes are an object version and follow decision 080's rules.
import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { FileStore as TusFileStore } from '@tus/file-store'
import { FileStore, syncDir } from '../file-store.js'
import { VERSION_PATTERN, type ObjectStore } from '../object-store.js'
import type { ResumableStore, ResumableStoreOptions } from './store-contract.js'

export async function createResumableStore(
  files: ObjectStore,
  options: ResumableStoreOptions,
): Promise<ResumableStore> {
  if (files instanceof FileStore) return createLocalStore(files, options)
  const { createS3ResumableStore } = await import('./resumable-s3-store.js')
  return createS3ResumableStore(files, options)
}

async function md5Of(file: string): Promise<string> {
  const hash = crypto.createHash('md5')
  await pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), hash)
  return `"${hash.digest('hex')}"`
}

class LocalTusStore extends TusFileStore {
  constructor(
    directory: string,
    private readonly options: ResumableStoreOptions,
  ) {
    super({ directory, expirationPeriodInMilliseconds: options.expiresInMs })
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id)
    await this.options.onTerminated(id)
  }
}

async function createLocalStore(
  files: FileStore,
  options: ResumableStoreOptions,
): Promise<ResumableStore> {
  const directory = path.join(files.root, 'resumable')
  await fs.mkdir(directory, { recursive: true })
  const datastore = new LocalTusStore(directory, options)
  return {
    datastore,
    keyOf: (version) => version,
    versionOf: (id) => (VERSION_PATTERN.test(id) ? id : undefined),
    async finish(version) {
      const partial = path.join(directory, version)
      const handle = await fs.open(partial, 'r')
      let size: number
      try {
        await handle.sync()
        size = (await handle.stat()).size
      } finally {
        await handle.close()
      }
      const eTag = await md5Of(partial)
      const final = files.pathOf(version)
      // A new fan-out directory is itself an entry of objects/ that must survive a crash.
      if (await fs.mkdir(path.dirname(final), { recursive: true })) await syncDir(files.objectsDir)
      await fs.rename(partial, final)
      await syncDir(path.dirname(final))
      await fs.rm(`${partial}.json`, { force: true })
      return { size, eTag }
    },
    async discard(version) {
      if (!VERSION_PATTERN.test(version)) return
      // Not datastore.remove: that is a client's termination, this is our own clean-up.
      const partial = path.join(directory, version)
      await fs.rm(partial, { force: true })
      await fs.rm(`${partial}.json`, { force: true })
    },
  }
}
