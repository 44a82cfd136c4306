// Removes orphaned object versions: bytes in the object store that no row of storage.objects
// names. They are what a crash leaves between storing bytes and committing the row, or between
// committing a replacement and removing the old bytes (decision 080). A version younger than the
// grace period may belong to an upload whose row is about to commit, so it is kept. The store is
// listed before the rows are read: a version that commits meanwhile is then already a row.
import type { Pool } from 'pg'
import type { ObjectStore } from './object-store.js'

/** Far longer than any upload takes between its bytes and its row (requests time out at 120 s). */
export const SWEEP_GRACE_MS = 60 * 60 * 1000

export interface SweepResult {
  /** Versions found in the store. */
  stored: number
  /** Orphans removed (or, with dryRun, that would be). */
  removed: string[]
  /** Orphans younger than the grace period, left alone. */
  young: number
}

export async function sweepOrphans(
  store: ObjectStore,
  adminPool: Pool,
  opts: { graceMs?: number; dryRun?: boolean; now?: number } = {},
): Promise<SweepResult> {
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? SWEEP_GRACE_MS)
  const stored: { version: string; lastModified: Date }[] = []
  for await (const v of store.list()) stored.push(v)
  const { rows } = await adminPool.query<{ version: string }>(
    'select version from storage.objects where version is not null',
  )
  const live = new Set(rows.map((r) => r.version))
  const result: SweepResult = { stored: stored.length, removed: [], young: 0 }
  for (const v of stored) {
    if (live.has(v.version)) continue
    if (v.lastModified.getTime() > cutoff) {
      result.young++
      continue
    }
    if (!opts.dryRun) await store.remove(v.version)
    result.removed.push(v.version)
  }
  return result
}
