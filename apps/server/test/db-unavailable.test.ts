// While the database is away (connections reset, new ones refused) every API answers 503 with
// Retry-After, never 500, the health check says so, and the site's pages are still served; when
// it is back, the same pools reconnect by themselves. The API pool reaches the database through a
// TCP proxy that the test cuts, as a DATABASE_URL server (or the embedded one) going down looks
// to the server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DB_RETRY_AFTER_SECONDS } from '../src/db/unavailable.js'
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js'
import { startTestServer, type TestServer } from './support/test-server.js'
import { writeWebDist, type WebDist } from './support/web-dist.js'

let server: TestServer
let proxy: TcpProxy
let site: WebDist

beforeAll(async () => {
  const db = new URL(inject('adminUrl'))
  proxy = await startTcpProxy(db.hostname, Number(db.port || 5432))
  site = await writeWebDist('dist', {
    'index.html': '<!doctype html><html><head><title>Rent Due</title></head><body></body></html>',
  })
  server = await startTestServer({
    env: { webDist: site.dist },
    apiUrl: (url) => {
      const u = new URL(url)
      u.host = `127.0.0.1:${proxy.port}`
      return u.toString()
    },
  })
})

afterAll(async () => {
  await server?.close()
  await proxy?.close()
  await site?.remove()
})

type Call = [name: string, method: string, path: string, body?: unknown]

// One of each kind of API call the site and the admin console make.
const CALLS: Call[] = [
  ['REST read', 'GET', '/rest/v1/episodes?select=title'],
  ['REST insert', 'POST', '/rest/v1/fan_club_signups', { name: 'Dez', email: 'dez@example.com' }],
  ['REST rpc', 'POST', '/rest/v1/rpc/start_quiz', { p_name: 'Tubbs', p_email: 't@example.com' }],
  ['storage list', 'POST', '/storage/v1/object/list/soundtrack 1st', { prefix: '' }],
  ['storage public download', 'GET', '/storage/v1/object/public/soundtrack 1st/a.mp3'],
  ['storage upload', 'POST', '/storage/v1/object/soundtrack 1st/new.mp3', 'ID3'],
  ['storage buckets', 'GET', '/storage/v1/bucket'],
  [
    'auth sign-up',
    'POST',
    '/auth/v1/signup',
    { email: 'rosie@example.com', password: 'Rent-due-2024!' },
  ],
  [
    'auth sign-in',
    'POST',
    '/auth/v1/token?grant_type=password',
    { email: 'rosie@example.com', password: 'Rent-due-2024!' },
  ],
]

async function call([, method, url, body]: Call, key: string) {
  const isText = typeof body === 'string'
  const res = await fetch(server.url + encodeURI(url), {
    method,
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': isText ? 'audio/mpeg' : 'application/json',
    },
    body: body === undefined ? undefined : isText ? body : JSON.stringify(body),
  })
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() }
}

describe('while the database is away', () => {
  it('answers every API call 503 with Retry-After, says so on /healthz, and still serves pages', async () => {
    const key = server.keys.serviceRoleKey
    // Warm: the pool holds open connections that the cut then resets.
    expect((await call(CALLS[0] as Call, key)).status).toBe(200)
    await proxy.cut()

    for (const c of CALLS) {
      const res = await call(c, key)
      expect({ call: c[0], status: res.status, retryAfter: res.retryAfter }).toEqual({
        call: c[0],
        status: 503,
        retryAfter: String(DB_RETRY_AFTER_SECONDS),
      })
    }
    const rest = await call(CALLS[0] as Call, key)
    expect(JSON.parse(rest.body)).toEqual({
      code: 'PGRST001',
      details: null,
      hint: null,
      message: 'Database client error. Retrying the connection.',
    })
    const storage = await call(CALLS[3] as Call, key)
    expect(JSON.parse(storage.body)).toEqual({
      statusCode: '503',
      code: 'DatabaseUnavailable',
      error: 'Service Unavailable',
      message: 'The database is unavailable, try again shortly',
    })

    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ status: 'unavailable', message: 'database unreachable' })
    const page = await fetch(`${server.url}/episodes`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>')

    await proxy.restore()
    const back = await call(CALLS[1] as Call, key)
    expect(back.status).toBe(201)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})
