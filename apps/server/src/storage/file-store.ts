// The bytes of objects on disk under DATA_DIR/storage. A file is named by the object's version id
// (a fresh UUID per write), never by its name, so renames are metadata-only and no name can reach
// outside the directory. A write goes to tmp/, is fsynced, renamed into objects/ and the directory
// fsynced; only then does the caller commit the row, so a crash at any moment can leave an
// orphaned file but never a listed object without its bytes.
import crypto from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { entityTooLarge } from './errors.js'

export interface StoredFile {
  version: string
  size: number
  /** Quoted MD5 of the bytes, as Storage's eTag. */
  eTag: string
}

const VERSION_PATTERN = /^[0-9a-f-]{36}$/
// Temporary files older than this at start-up belong to a process that died mid-upload.
const STALE_TMP_MS = 60 * 60 * 1000

export class FileStore {
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
    if (!VERSION_PATTERN.test(version)) throw new Error(`bad object version ${version}`)
    return path.join(this.objectsDir, version.slice(0, 2), version)
  }

  /**
   * Streams `source` into a new durable file. Throws EntityTooLarge (after removing the partial
   * file) once more than `maxBytes` arrive; the source is then left unconsumed for the caller.
   */
  async write(source: Readable, maxBytes: number): Promise<StoredFile> {
    const version = crypto.randomUUID()
    const tmp = path.join(this.tmpDir, `${version}.${process.pid}`)
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
    return { version, size, eTag: `"${hash.digest('hex')}"` }
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (!version || !VERSION_PATTERN.test(version)) return
    await fs.rm(this.pathOf(version), { force: true })
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
