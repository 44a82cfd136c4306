// Media as a browser plays it: real Chromium loads a generated WAV into <audio> and a committed
// sample WebM into <video> straight from their public storage URLs, plays them, seeks to the
// middle and keeps playing. The server must have answered the player's Range requests with 206
// (media elements always ask for ranges), which is what makes seeking work.
import fs from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { REPO_ROOT } from '../src/config.js'
import { encodeWav } from '@rent-due/sample-media/wav'
import { startTestServer, type TestServer } from './support/test-server.js'

const WEBM = 'supabase/media/previews/previously-on-the-1st.webm'
const SAMPLE_RATE = 22_050
const WAV_SECONDS = 12

let server: TestServer
let browser: Browser

/** A quiet chord with a slow sweep: any decodable audio will do, but silence is too special. */
function tone(): Uint8Array {
  const samples = new Float32Array(SAMPLE_RATE * WAV_SECONDS)
  for (let i = 0; i < samples.length; i++) {
    const t = i / SAMPLE_RATE
    samples[i] =
      0.2 * Math.sin(2 * Math.PI * (220 + 20 * t) * t) + 0.1 * Math.sin(2 * Math.PI * 330 * t)
  }
  return encodeWav(samples, SAMPLE_RATE)
}

beforeAll(async () => {
  server = await startTestServer()
  const service = server.client('service')
  const wav = await service.storage
    .from('soundtrack 1st')
    .upload('Playback Test.wav', tone(), { contentType: 'audio/wav' })
  expect(wav.error).toBeNull()
  const webm = await service.storage
    .from('Episode Previews')
    .upload('Previously on The 1st.webm', await fs.readFile(path.join(REPO_ROOT, WEBM)), {
      contentType: 'video/webm',
    })
  expect(webm.error).toBeNull()
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
  })
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

interface Playback {
  duration: number
  playedFrom: number
  seekedTo: number
  playingAfterSeek: number
  error: string | null
}

/** The slice of the DOM this test touches (the server's tsconfig has no DOM library). */
interface MediaElement {
  muted: boolean
  preload: string
  src: string
  currentTime: number
  readonly duration: number
  readonly error: { message: string } | null
  play(): Promise<void>
  addEventListener(event: string, fn: () => void, opts: { once: boolean }): void
}
interface BrowserDocument {
  createElement(tag: string): MediaElement
  body: { append(node: MediaElement): void }
}

/** Plays `src` in a fresh element of `tag`, seeks to the middle and reports what happened. */
async function play(page: Page, tag: 'audio' | 'video', src: string): Promise<Playback> {
  return page.evaluate(
    async ({ tag, src }) => {
      const doc = (globalThis as unknown as { document: BrowserDocument }).document
      const el = doc.createElement(tag)
      el.muted = tag === 'video'
      el.preload = 'auto'
      doc.body.append(el)
      const once = (event: string) =>
        new Promise<void>((resolve, reject) => {
          el.addEventListener(event, () => resolve(), { once: true })
          el.addEventListener(
            'error',
            () => reject(new Error(el.error?.message ?? 'media error')),
            {
              once: true,
            },
          )
        })
      try {
        const loaded = once('loadedmetadata')
        el.src = src
        await loaded
        await el.play()
        const start = el.currentTime
        await new Promise<void>((resolve) => {
          const tick = () => (el.currentTime > start + 0.2 ? resolve() : setTimeout(tick, 50))
          tick()
        })
        const middle = el.duration / 2
        const seeked = once('seeked')
        el.currentTime = middle
        await seeked
        const seekedTo = el.currentTime
        await new Promise<void>((resolve) => {
          const tick = () => (el.currentTime > seekedTo + 0.2 ? resolve() : setTimeout(tick, 50))
          tick()
        })
        return {
          duration: el.duration,
          playedFrom: start,
          seekedTo,
          playingAfterSeek: el.currentTime,
          error: null,
        }
      } catch (e) {
        return { duration: 0, playedFrom: 0, seekedTo: 0, playingAfterSeek: 0, error: String(e) }
      }
    },
    { tag, src },
  )
}

it.each([
  ['audio', 'soundtrack 1st', 'Playback Test.wav', WAV_SECONDS],
  ['video', 'Episode Previews', 'Previously on The 1st.webm', 9],
] as const)(
  'an <%s> plays %s/%s from its public URL and seeks to the middle',
  async (tag, bucket, name, seconds) => {
    const src = server.client('anon').storage.from(bucket).getPublicUrl(name).data.publicUrl
    const page = await browser.newPage()
    const ranged: { range: string; status: number; contentRange: string | null }[] = []
    page.on('response', (res) => {
      const range = res.request().headers()['range']
      if (res.url() === src && range !== undefined) {
        ranged.push({
          range,
          status: res.status(),
          contentRange: res.headers()['content-range'] ?? null,
        })
      }
    })
    try {
      const result = await play(page, tag, src)
      expect(result.error).toBeNull()
      expect(result.duration).toBeCloseTo(seconds, 0)
      expect(result.seekedTo).toBeCloseTo(result.duration / 2, 0)
      expect(result.playingAfterSeek).toBeGreaterThan(result.seekedTo)
      expect(ranged.length).toBeGreaterThan(0)
      for (const r of ranged) {
        expect(r.status).toBe(206)
        expect(r.contentRange).toMatch(/^bytes \d+-\d+\/\d+$/)
      }
    } finally {
      await page.close()
    }
  },
  60_000,
)
