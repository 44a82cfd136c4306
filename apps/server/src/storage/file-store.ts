// The bytes of objects on disk under DATA_DIR/storage: the embedded default ObjectStore. A file is
// named by the object's version id (a fresh UUID per write), never by its name, so renames are
// metadata-only and no name can reach outside the directory. A write goes to tmp/, is fsynced,
// renamed into objects/ and the directory fsynced; only then does the caller commit the row, so a
// crash at any moment can leave an orphaned file but never a listed object without its bytes.
import fsCallback, { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import {
  byteMeter,
  newVersion,
  VERSION_PATTERN,
  versionKey,
  type ObjectStore,
  type OpenObject,
  type StoredFile,
  type StoredVersion,
} from './object-store.js'

export type { StoredFile } from './object-store.js'

// Temporary files older than this at start-up belong to a process that died mid-upload.
const STALE_TMP_MS = 60 * 60 * 1000
// Larger reads than the 64 KiB default: half the libuv thread-pool round trips per MiB,
// for 128 KiB of buffer per active download (decision 082).
const READ_CHUNK = 128 * 1024

// Streams over the callback API read faster than over a promise FileHandle (decision 082).
const open = promisify(fsCallback.open)
const close = promisify(fsCallback.close)
const fstat = promisify(fsCallback.fstat)

export class FileStore implements ObjectStore {
  readonly kind = 'local'
  readonly objectsDir: string
  readonly tmpDir: string

  constructor(readonly root: string) {
    this.objectsDir = path.join(root, 'objects')
    this.tmpDir = path.join(root, 'tmp')
  }

  async init(): Promise<void> {
    await fs.mkdir(this.objectsDir, { recursive: true })
    await fs.mkdir(this.tmpDir, { recursive: true })
    const now = Date.now()
    for (const entry of await fs.readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, entry)
      const stat = await fs.stat(file).catch(() => undefined)
      if (stat && now - stat.mtimeMs > STALE_TMP_MS) await fs.rm(file, { force: true })
    }
  }

  pathOf(version: string): string {
    return path.join(this.root, versionKey(version))
  }

  /**
   * Streams `source` into a new durable file. Throws EntityTooLarge (after removing the partial
   * file) once more than `maxBytes` arrive.
   */
  async write(source: Readable, maxBytes: number): Promise<StoredFile> {
    const version = newVersion()
    const tmp = path.join(this.tmpDir, `${version}.${process.pid}`)
    const meter = byteMeter(maxBytes)
    const out = createWriteStream(tmp, { flags: 'wx', mode: 0o600 })
    // The stream opens the file lazily: a refusal can come before the open completes, and the
    // file would then appear after we removed it. So a failure waits for the stream to close.
    const closed = new Promise<void>((resolve) => out.once('close', () => resolve()))
    try {
      await pipeline(source, meter, out)
      const handle = await fs.open(tmp, 'r')
      try {
        await handle.sync()
      } finally {
        await handle.close()
      }
      const final = this.pathOf(version)
      // A new fan-out directory is itself an entry of objects/ that must survive a crash.
      if (await fs.mkdir(path.dirname(final), { recursive: true })) await syncDir(this.objectsDir)
      await fs.rename(tmp, final)
      await syncDir(path.dirname(final))
    } catch (e) {
      await closed
      await fs.rm(tmp, { force: true })
      throw e
    }
    return { version, ...meter.result() }
  }

  /**
   * Opens the file first, so an upsert or delete that unlinks it meanwhile cannot cut a download
   * short: the bytes stream from the open descriptor.
   */
  async open(version: string): Promise<OpenObject | undefined> {
    let fd: number | undefined
    try {
      fd = await open(this.pathOf(version), 'r')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw e
    }
    return {
      async stream(start, end) {
        const owned = fd
        fd = undefined
        return createReadStream('', { fd: owned, start, end, highWaterMark: READ_CHUNK })
      },
      async size() {
        if (fd === undefined) throw new Error('the object was already streamed')
        return (await fstat(fd)).size
      },
      async close() {
        if (fd !== undefined) await close(fd)
        fd = undefined
      },
    }
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (!version || !VERSION_PATTERN.test(version)) return
    await fs.rm(this.pathOf(version), { force: true })
  }

  async *list(): AsyncIterable<StoredVersion> {
    for (const fan of await fs.readdir(this.objectsDir)) {
      const dir = path.join(this.objectsDir, fan)
      const entries = await fs.readdir(dir).catch(() => [] as string[])
      for (const version of entries) {
        if (!VERSION_PATTERN.test(version)) continue
        const stat = await fs.stat(path.join(dir, version)).catch(() => undefined)
        if (stat?.isFile()) yield { version, size: stat.size, lastModified: stat.mtime }
      }
    }
  }

  publicUrl(): undefined {
    return undefined
  }
}

export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
