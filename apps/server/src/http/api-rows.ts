// One anonymous REST read made in-process by a server route that answers from the database
// (the sitemap, an event's calendar file): the rows, checked for their shape, or ReadFailed. A
// read that did not answer, answered an error or answered something else is a failure, never an
// empty list: the route then says it is briefly unavailable.

export class ReadFailed extends Error {}

export async function readRows<T>(
  fetch: typeof globalThis.fetch,
  url: string,
  anonKey: string,
  isRows: (value: unknown) => value is T[],
  what: string,
): Promise<T[]> {
  const response = await fetch(url, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
  }).catch(() => undefined)
  if (!response?.ok) {
    throw new ReadFailed(`reading ${what} answered ${response?.status ?? 'nothing'}`)
  }
  const rows: unknown = await response.json().catch(() => undefined)
  if (!isRows(rows)) throw new ReadFailed(`${what} came back malformed`)
  return rows
}
