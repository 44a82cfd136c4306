// A short-lived memory of public object rows, so a media player's stream of Range requests for
// one file costs one database lookup per TTL instead of one per request (bench/media). Staleness
// is bounded and safe: this process forgets everything on any write it makes; a version replaced
// or deleted by another process shows up as a missing file, which sends the request back to the
// database; only a bucket turned private, or an object moved, by another process stays readable
// for up to TTL_MS (decision 082).
import type { ObjectRow } from './queries.js'

const TTL_MS = 2000
const MAX_ENTRIES = 2000

export class PublicObjectCache {
  private readonly entries = new Map<string, { row: ObjectRow; expires: number }>()

  constructor(private readonly ttlMs = TTL_MS) {}

  private key(bucket: string, name: string): string {
    return `${bucket}\u0000${name}`
  }

  get(bucket: string, name: string): ObjectRow | undefined {
    const key = this.key(bucket, name)
    const hit = this.entries.get(key)
    if (!hit) return undefined
    if (hit.expires > Date.now()) return hit.row
    this.entries.delete(key)
    return undefined
  }

  set(bucket: string, name: string, row: ObjectRow): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.entries.set(this.key(bucket, name), { row, expires: Date.now() + this.ttlMs })
  }

  clear(): void {
    this.entries.clear()
  }
}
