// `npm run storage -- migrate-to-s3`: copies every object version a row names from the local disk
// (DATA_DIR/storage) into the S3 bucket, under the same version id, so the rows need no change
// and the site switches over by setting STORAGE_BACKEND=s3. Each copy is verified by checksum:
// the MD5 of the bytes read from disk, and of the bytes read back from the bucket, must both equal
// the row's eTag. Verified versions are appended to a progress file, so an interrupted run resumes
// where it stopped (an unverified copy is simply made again).
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { Pool } from 'pg'
import type { ObjectStore } from './object-store.js'
import type { S3ObjectStore } from './s3-object-store.js'

export interface MigrationReport {
  /** Versions named by rows. */
  total: number
  copied: number
  /** Verified by an earlier run (in the progress file). */
  alreadyDone: number
  /** Named by a row but not on disk: nothing to copy (the object was already broken). */
  missing: string[]
  /** Bytes whose MD5 differs from the row's eTag, on disk or read back from S3. */
  mismatched: string[]
}

interface Row {
  version: string
  etag: string | null
  mimetype: string | null
  cache_control: string | null
}

async function md5Of(stream: Readable): Promise<string> {
  const hash = crypto.createHash('md5')
  for await (const chunk of stream) hash.update(chunk as Buffer)
  return `"${hash.digest('hex')}"`
}

async function readProgress(file: string): Promise<Set<string>> {
  try {
    return new Set((await fs.readFile(file, 'utf8')).split('\n').filter(Boolean))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new Set()
    throw e
  }
}

export async function migrateToS3(opts: {
  source: ObjectStore
  target: S3ObjectStore
  adminPool: Pool
  progressFile: string
  log?: (line: string) => void
}): Promise<MigrationReport> {
  const log = opts.log ?? (() => undefined)
  const { rows } = await opts.adminPool.query<Row>(
    `select distinct on (version) version, metadata->>'eTag' as etag,
       metadata->>'mimetype' as mimetype, metadata->>'cacheControl' as cache_control
     from storage.objects where version is not null order by version`,
  )
  const done = await readProgress(opts.progressFile)
  const report: MigrationReport = {
    total: rows.length,
    copied: 0,
    alreadyDone: 0,
    missing: [],
    mismatched: [],
  }
  for (const [i, row] of rows.entries()) {
    if (done.has(row.version)) {
      report.alreadyDone++
      continue
    }
    const opened = await opts.source.open(row.version)
    const stream = await opened?.stream(0)
    if (!stream) {
      report.missing.push(row.version)
      log(`missing on disk: ${row.version}`)
      continue
    }
    const stored = await opts.target.writeAs(row.version, stream, Number.MAX_SAFE_INTEGER, {
      contentType: row.mimetype ?? 'application/octet-stream',
      cacheControl: row.cache_control ?? 'max-age=3600',
    })
    const back = await (await opts.target.open(row.version))?.stream(0)
    const readBack = back ? await md5Of(back) : 'missing'
    // A row without an eTag (written by hand) can only be checked against the disk's bytes.
    const want = row.etag ?? stored.eTag
    if (stored.eTag !== want || readBack !== want) {
      report.mismatched.push(row.version)
      log(
        `checksum mismatch: ${row.version} (row ${row.etag}, disk ${stored.eTag}, S3 ${readBack})`,
      )
      continue
    }
    await fs.appendFile(opts.progressFile, `${row.version}\n`)
    report.copied++
    if ((i + 1) % 100 === 0) log(`${i + 1} of ${rows.length} versions done`)
  }
  return report
}
