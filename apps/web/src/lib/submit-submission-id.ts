// One submission_id per submit: kept while the fan retries the same typed values (so a retry of a
// request that did land is refused as a duplicate instead of stored twice), new once the values
// change or the submit succeeded.
import { useRef } from 'react'

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
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
