// What the seeded storage holds, read the way the site reads it (anon key from the page's meta
// tag, the storage list endpoint), so the soundtrack and radio tests never hard-code track names.
import { expect, type Locator, type Page } from '@playwright/test'

export const volumes = [
  { bucket: 'soundtrack 1st', title: '1st Volume' },
  { bucket: 'soundtrack 2nd', title: '2nd Volume' },
  { bucket: 'soundtrack 3rd', title: '3rd Volume' },
  { bucket: 'soundtrack 4th', title: '4th Volume' },
] as const

async function anonKey(baseURL: string): Promise<string> {
  const html = await (await fetch(`${baseURL}/`)).text()
  const key = /<meta name="rentdue-supabase-anon-key" content="([^"]+)"/.exec(html)?.[1]
  if (!key) throw new Error('the page carries no anon key')
  return key
}

/** The object names of one bucket, as supabase-js list() returns them (name order). */
export async function listTrackNames(
  baseURL: string | undefined,
  bucket: string,
): Promise<string[]> {
  if (!baseURL) throw new Error('no baseURL')
  const key = await anonKey(baseURL)
  const response = await fetch(`${baseURL}/storage/v1/object/list/${encodeURIComponent(bucket)}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      prefix: '',
      limit: 100,
      offset: 0,
      sortBy: { column: 'name', order: 'asc' },
    }),
  })
  if (!response.ok) throw new Error(`list ${bucket}: ${response.status}`)
  const rows = (await response.json()) as { name: string; id: string | null }[]
  return rows.filter((r) => r.id !== null && !r.name.startsWith('.')).map((r) => r.name)
}

/** The name a player shows: .mp3, .m4a and .wav stripped. */
export function shown(name: string): string {
  return name.replace(/\.(mp3|m4a|wav)$/i, '')
}

/** Matches a URL that ends with the public path of an object. */
export function endsWithPublicPath(bucket: string, name: string): RegExp {
  return new RegExp(`${publicPath(bucket, name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
}

/** The public URL the site plays for an object. */
export function publicPath(bucket: string, name: string): string {
  return `/storage/v1/object/public/${encodeURIComponent(bucket)}/${encodeURIComponent(name)}`
}

type AudioState = { paused: boolean; time: number; src: string; volume: number }

export function audioState(audio: Locator): Promise<AudioState> {
  return audio.evaluate((el: HTMLAudioElement) => ({
    paused: el.paused,
    time: el.currentTime,
    src: el.currentSrc || el.src,
    volume: el.volume,
  }))
}

/** Waits until the element plays and its clock has passed `seconds`. */
export async function expectPlaying(audio: Locator, seconds = 0.3): Promise<void> {
  await expect
    .poll(async () => {
      const s = await audioState(audio)
      return !s.paused && s.time > seconds
    })
    .toBe(true)
}

/** Jumps close to the end of the current track, so 'ended' fires shortly. */
export async function skipToEnd(audio: Locator): Promise<void> {
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThan(1)
  await audio.evaluate((el: HTMLAudioElement) => {
    el.currentTime = el.duration - 0.2
  })
}

/** Holds every storage list request until `release` is called. */
export async function holdStorageLists(page: Page): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/storage/v1/object/list/**', async (route) => {
    await held
    await route.continue()
  })
  return release
}
