// The object row as storage-js reads it, shared by the object routes.
import type { ObjectRow } from '../../queries.js'

export function iso(d: Date | null): string | null {
  return d === null ? null : new Date(d).toISOString()
}

export function objectJson(r: ObjectRow) {
  return {
    bucket_id: r.bucket_id,
    name: r.name,
    owner: r.owner,
    id: r.id,
    updated_at: iso(r.updated_at),
    created_at: iso(r.created_at),
    last_accessed_at: iso(r.last_accessed_at),
    metadata: r.metadata,
    user_metadata: r.user_metadata,
    version: r.version,
  }
}
