// A route loader's reads, shaped for both sides. On the server every read is awaited, so the
// HTML carries the content and the router's hydration data is plain JSON. In the browser the
// reads are handed over as promises: the page renders at once and each part shows its loading
// state (the spec's 'Loading soundtracks...' and so on) until its read settles.

/** A loader value: the value itself (server, hydration) or a promise of it (browser). */
export type Deferred<T> = T | Promise<T>

export type LoaderData<T extends Record<string, Promise<unknown>>> = {
  [K in keyof T]: Deferred<Awaited<T[K]>>
}

export async function loaderData<T extends Record<string, Promise<unknown>>>(
  reads: T,
): Promise<LoaderData<T>> {
  if (!import.meta.env.SSR) return reads as LoaderData<T>
  const entries = await Promise.all(
    Object.entries(reads).map(async ([key, read]) => [key, await read] as const),
  )
  return Object.fromEntries(entries) as LoaderData<T>
}
