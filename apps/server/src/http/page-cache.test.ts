import { describe, expect, it } from 'vitest'
import { PageCache } from './page-cache.js'

const page = (html: string) => ({ html, size: html.length })

function cacheAt(clock: { now: number }) {
  return new PageCache<{ html: string; size: number }>({
    maxEntries: 10,
    maxBytes: 1000,
    freshMs: 60_000,
    staleMs: 600_000,
    now: () => clock.now,
  })
}

describe('PageCache', () => {
  it('is fresh for freshMs, then stale for staleMs, then gone', () => {
    const clock = { now: 0 }
    const cache = cacheAt(clock)
    cache.store('home', page('a'), new Set(['public.news']), cache.mark())
    expect(cache.lookup('home')).toEqual({ value: page('a'), state: 'fresh' })
    clock.now = 60_001
    expect(cache.lookup('home')?.state).toBe('stale')
    clock.now = 660_001
    expect(cache.lookup('home')).toBeUndefined()
  })

  it('marks exactly the entries that read what changed; `*` reaches every entry', () => {
    const cache = cacheAt({ now: 0 })
    cache.store('home', page('a'), new Set(['public.news', 'storage']), cache.mark())
    cache.store('news', page('b'), new Set(['public.news']), cache.mark())
    cache.store('episodes', page('c'), new Set(['public.episodes']), cache.mark())
    expect(cache.invalidate('public.news')).toBe(2)
    expect(cache.lookup('home')?.state).toBe('invalidated')
    expect(cache.lookup('news')?.state).toBe('invalidated')
    expect(cache.lookup('episodes')?.state).toBe('fresh')
    expect(cache.invalidate('*')).toBe(1)
    expect(cache.lookup('episodes')?.state).toBe('invalidated')
  })

  it('stores a render that read something changed while it ran as invalidated', () => {
    const cache = cacheAt({ now: 0 })
    const before = cache.mark()
    cache.invalidate('public.news')
    cache.store('news', page('old'), new Set(['public.news']), before)
    expect(cache.lookup('news')?.state).toBe('invalidated')
    const unrelated = cache.mark()
    cache.invalidate('public.episodes')
    cache.store('home', page('ok'), new Set(['public.news']), unrelated)
    expect(cache.lookup('home')?.state).toBe('fresh')
  })

  it('runs one render for concurrent misses of a key and shares its result', async () => {
    const cache = cacheAt({ now: 0 })
    let renders = 0
    let release!: (v: string) => void
    const render = () => {
      renders += 1
      return new Promise<string>((resolve) => (release = resolve))
    }
    const all = Promise.all([1, 2, 3].map(() => cache.singleFlight('home', render)))
    expect(cache.rendering('home')).toBe(true)
    release('html')
    expect(await all).toEqual(['html', 'html', 'html'])
    expect(renders).toBe(1)
    expect(cache.rendering('home')).toBe(false)
  })

  it('gives those who ask after an invalidation a render of their own, never one begun before it', async () => {
    const cache = cacheAt({ now: 0 })
    const releases: ((v: string) => void)[] = []
    const render = () => new Promise<string>((resolve) => releases.push(resolve))
    const before = cache.singleFlight('news', render)
    cache.invalidate('public.news')
    const after = [cache.singleFlight('news', render), cache.singleFlight('news', render)]
    expect(releases).toHaveLength(2)
    releases[0]?.('old')
    releases[1]?.('new')
    expect(await before).toBe('old')
    expect(await Promise.all(after)).toEqual(['new', 'new'])
    expect(cache.rendering('news')).toBe(false)
  })

  it('keeps at most maxBytes, dropping the least recently used', () => {
    const cache = cacheAt({ now: 0 })
    cache.store('a', page('x'.repeat(600)), new Set(), cache.mark())
    cache.store('b', page('y'.repeat(600)), new Set(), cache.mark())
    expect(cache.lookup('a')).toBeUndefined()
    expect(cache.lookup('b')?.state).toBe('fresh')
  })
})
