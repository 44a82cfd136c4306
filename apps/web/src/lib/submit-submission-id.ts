// One submission_id per submit: kept while the fan retries the same typed values (so a retry of a
// request that did land is refused as a duplicate instead of stored twice), new once the values
// change or the submit succeeded. A form posted without JavaScript carries none: its id is made
// from the form and the values themselves (and the day), so the same post sent again, by a reload
// that re-posts it or a second click, is the same submission too.
import { useRef } from 'react'

/** Bytes as a UUID (version 4 bits for random bytes, version 8, "custom", for derived ones). */
function uuidOf(bytes: Uint8Array, version: 4 | 8): string {
  const b = bytes.slice(0, 16)
  b[6] = (b[6]! & 0x0f) | (version << 4)
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return uuidOf(crypto.getRandomValues(new Uint8Array(16)), 4)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `value` when it is a UUID, else undefined. */
export function submissionIdFrom(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined
}

/** The id of a submit that came without one: the same form, values and UTC day, the same id. */
export async function derivedSubmissionId(
  form: string,
  values: unknown,
  now = new Date(),
): Promise<string> {
  const text = JSON.stringify([form, now.toISOString().slice(0, 10), values])
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return uuidOf(new Uint8Array(digest), 8)
}

export function useSubmissionId() {
  const last = useRef<{ key: string; id: string } | null>(null)
  return {
    /** The id for these values: the previous one when the values have not changed. */
    forValues(values: unknown): string {
      const key = JSON.stringify(values)
      if (last.current?.key !== key) last.current = { key, id: newId() }
      return last.current.id
    },
    /** After a success the next submit is a new one. */
    succeeded(): void {
      last.current = null
    },
  }
}
