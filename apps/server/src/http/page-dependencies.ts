// What a page depends on, in one vocabulary for the three places that speak of it: a render's
// reads (server-render.ts pageFetch), the database's notifications (migration 0012:
// `schema.table`), and this process's own API writes (app.ts). REST tables are `schema.table`;
// anything in storage is `storage` (a page lists buckets and builds object URLs); what cannot be
// told (an rpc) is `*`, which every change and every page has in common.
import { isReadRequest } from './page-reads.js'

/**
 * Views a page reads, by the table whose changes they show: the database notifies the table's
 * name (a view has no triggers of its own).
 */
const VIEW_TABLES: Readonly<Record<string, string>> = {
  'public.event_notices': 'public.events',
}

/** What a REST or storage URL reads. `profile` is the request's Accept-Profile (or Content-Profile). */
export function readDependency(pathname: string, profile: string | null | undefined): string {
  if (pathname.startsWith('/storage/')) return 'storage'
  const m = /^\/rest\/v1\/([^/]+)$/.exec(pathname)
  if (!m || m[1] === 'rpc') return '*'
  let table: string
  try {
    table = decodeURIComponent(m[1] as string)
  } catch {
    return '*'
  }
  const name = `${profile || 'public'}.${table}`
  return VIEW_TABLES[name] ?? name
}

/** A content change (db/content-changes.ts: `schema.table`, or `*`) as a dependency. */
export function changedDependency(changed: string): string {
  return changed.startsWith('storage.') ? 'storage' : changed
}

/**
 * What a successful write through this process's own API changed, if it could be something a
 * page shows: a REST write to a table, or a storage write. An rpc's changes come by NOTIFY only
 * (the quiz's functions are called all the time and change nothing a page shows).
 */
export function writtenDependency(
  method: string,
  url: string,
  profile: string | undefined,
): string | undefined {
  const pathname = url.split('?', 1)[0] ?? ''
  if (method === 'OPTIONS' || isReadRequest(method, pathname)) return undefined
  if (pathname.startsWith('/storage/v1/')) return 'storage'
  if (!pathname.startsWith('/rest/v1/')) return undefined
  const dependency = readDependency(pathname, profile)
  return dependency === '*' ? undefined : dependency
}
