// The render cache across replicas: two server processes (src/main.ts, as an operator runs
// them) on one PostgreSQL, each keeping its own pages in memory, serve a news row inserted through
// the API of one of them on / and /news within a second, both of them: the insert's statement
// trigger (migration 0012) sends NOTIFY rentdue_content, and every process drops the pages that
// read the news.
import crypto from 'node:crypto'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { PUBLIC_PAGE } from '../src/http/static-site.js'
import { deriveKeys, type Keys } from '../src/keys.js'
import { freshDeployment, type Deployment } from './support/deployment.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { nodeClient } from './support/node-client.js'

let deployment: Deployment
let replicas: { proc: MainProcess; url: string }[] = []
let keys: Keys

beforeAll(async () => {
  deployment = await freshDeployment('page-replicas', { site: true })
  keys = await deriveKeys(inject('jwtSecret'))
  const procs = [spawnMain(deployment.env), spawnMain(deployment.env)]
  const urls = await Promise.all(procs.map((p) => p.ready))
  replicas = procs.map((proc, i) => ({ proc, url: urls[i] as string }))
})

afterAll(async () => {
  for (const r of replicas) r.proc.signalGroup('SIGKILL')
  await Promise.all(replicas.map((r) => r.proc.exited))
  await deployment?.remove()
})

async function page(url: string) {
  const res = await fetch(url, { headers: { accept: 'text/html' } })
  return {
    etag: res.headers.get('etag'),
    cache: res.headers.get('cache-control'),
    html: await res.text(),
  }
}

it('shows a news row inserted through one replica’s API on / and /news of both within 1 s', async () => {
  const title = `Premiere night ${crypto.randomBytes(3).toString('hex')}`
  const urls = replicas.flatMap((r) => [`${r.url}/`, `${r.url}/news`])
  // Every page is in each replica's memory: asked twice, the same HTML (and ETag) both times.
  for (const url of urls) {
    const first = await page(url)
    expect(first.cache, url).toBe(PUBLIC_PAGE)
    expect(first.html, url).not.toContain(title)
    expect((await page(url)).etag, url).toBe(first.etag)
  }

  const { error } = await nodeClient(replicas[0]!.url, keys.serviceRoleKey)
    .from('news')
    .insert({ date: '2025-09-06', headline: title, summary: 'Doors at eight.' })
  expect(error).toBeNull()
  const inserted = performance.now()

  const shownAfter = await Promise.all(
    urls.map(async (url) => {
      for (;;) {
        if ((await page(url)).html.includes(`<li>${title}</li>`)) {
          return Math.round(performance.now() - inserted)
        }
        await new Promise((resolve) => setImmediate(resolve))
      }
    }),
  )
  for (const [i, ms] of shownAfter.entries()) expect(ms, urls[i]).toBeLessThan(1000)
})
