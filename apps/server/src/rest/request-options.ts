// The request headers that shape a PostgREST answer: Prefer (one comma-joined header), Accept
// (array, single object, stripped nulls) and the schema profile headers.
import { RestError } from './rest-error.js'

export const EXPOSED_SCHEMAS = ['public'] as const

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  tx?: 'commit' | 'rollback'
}

const ALLOWED: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
}

/** Unknown or malformed preferences are ignored, as PostgREST does without handling=strict. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Record<string, string> = {}
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '')
  for (const part of raw.split(',')) {
    const [k, v] = part
      .trim()
      .split('=', 2)
      .map((s) => s.trim())
    if (k && v && ALLOWED[k]?.includes(v)) prefs[k] = v
  }
  return prefs as Preferences
}

/** The `Preference-Applied` header value for what this server honoured. */
export function appliedPreferences(
  prefs: Preferences,
  honoured: (keyof Preferences)[],
): string | undefined {
  const parts = honoured.filter((k) => prefs[k] !== undefined).map((k) => `${k}=${prefs[k]}`)
  return parts.length > 0 ? parts.join(', ') : undefined
}

export interface MediaChoice {
  single: boolean
  stripNulls: boolean
}

export function parseAccept(header: string | undefined): MediaChoice {
  const accept = (header ?? '').toLowerCase()
  if (accept.includes('application/vnd.pgrst.object+json')) {
    return { single: true, stripNulls: accept.includes('nulls=stripped') }
  }
  if (
    accept === '' ||
    accept.includes('json') ||
    accept.includes('*/*') ||
    accept.includes('application/*')
  ) {
    return { single: false, stripNulls: accept.includes('nulls=stripped') }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${header}`)
}

/** Accept-Profile (reads) / Content-Profile (writes) must name an exposed schema. */
export function checkProfile(header: string | string[] | undefined): void {
  const schema = Array.isArray(header) ? header[0] : header
  if (schema === undefined || (EXPOSED_SCHEMAS as readonly string[]).includes(schema)) return
  throw new RestError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${EXPOSED_SCHEMAS.join(', ')}`,
  )
}

/**
 * A write's body must say it is JSON. PostgREST takes form-encoded and text bodies too (and a
 * missing Content-Type as JSON), but those are exactly what a form or a `no-cors` fetch on
 * another site can send without a preflight, with the public anon key in `?apikey=`: so here
 * anything else is refused (415) before the body is looked at. CSV is not taken either.
 */
export function checkContentType(method: string, header: string | undefined): void {
  if (method !== 'POST' && method !== 'PATCH') return
  const media = (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''
  if (media === 'application/json') return
  throw new RestError(
    415,
    'PGRST102',
    `Content-Type not acceptable: ${media === '' ? '(none)' : media.slice(0, 100)}`,
    null,
    'Send the body as application/json.',
  )
}
