// Three server processes (src/main.ts, as an operator runs them) on one PostgreSQL database and one
// S3-compatible bucket (s3rver on loopback), behind a small round-robin proxy like a load
// balancer's: nothing a request needs may live in one process only. An upload through one replica
// streams as a byte range from another; a session signed in on one refreshes on another, and
// rotation and reuse detection hold across them; one address's insert limit holds across all
// three; a replica SIGKILLed under a load of inserts and uploads loses no acknowledged write, and
// the other two keep answering.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { deriveKeys, type Keys } from '../src/keys.js'
import { freshDeployment, type Deployment } from './support/deployment.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { nodeClient } from './support/node-client.js'
import { startS3Server, type TestS3Server } from './support/s3-server.js'

const REPLICAS = 3
const INSERT_LIMIT = 4
const BUCKET = 'Behind the scenes'

let s3: TestS3Server
let replicas: { proc: MainProcess; url: string }[] = []
let proxy: RoundRobinProxy
let keys: Keys
let deployment: Deployment

/**
 * A load balancer in miniature: each request goes to the next live backend; a backend that
 * refuses the connection is marked down and the request tried on the next one (nothing of it
 * reached the dead one); any other failure is a 502, which no client takes as an acknowledgement.
 * Request bodies are buffered here (they are small in this test) so that a retry can resend them.
 */
interface RoundRobinProxy {
  url: string
  down: Set<string>
  /** Requests answered by each backend. */
  served: Map<string, number>
  close(): Promise<void>
}

async function startProxy(backends: string[]): Promise<RoundRobinProxy> {
  const down = new Set<string>()
  const served = new Map<string, number>()
  let next = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => forward(Buffer.concat(chunks), 0))

    function forward(body: Buffer, tries: number) {
      const live = backends.filter((b) => !down.has(b))
      if (live.length === 0 || tries >= backends.length) {
        res.writeHead(502).end('no backend')
        return
      }
      const backend = live[next++ % live.length] as string
      const target = new URL(req.url ?? '/', backend)
      const upstream = http.request(
        target,
        // A new connection per request: after the kill every attempt on the dead backend is a
        // refused connection (retried elsewhere), never a reset of a pooled socket.
        { method: req.method, headers: { ...req.headers, host: target.host }, agent: false },
        (answer) => {
          served.set(backend, (served.get(backend) ?? 0) + 1)
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
          answer.on('error', () => res.destroy())
        },
      )
      upstream.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'ECONNREFUSED') {
          down.add(backend)
          forward(body, tries + 1)
        } else if (!res.headersSent) {
          res.writeHead(502).end(e.message)
        } else {
          res.destroy()
        }
      })
      upstream.end(body)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    down,
    served,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

beforeAll(async () => {
  s3 = await startS3Server()
  deployment = await freshDeployment('replicas')
  keys = await deriveKeys(inject('jwtSecret'))
  const env = {
    ...s3.env,
    ...deployment.env,
    // Rows per address per minute into each sign-up table; the counters live in PostgreSQL.
    RATE_LIMIT_PER_MINUTE: String(INSERT_LIMIT),
  }
  // All three start at once: the migrations take turns under their advisory lock.
  const procs = Array.from({ length: REPLICAS }, () => spawnMain(env))
  replicas = procs.map((proc) => ({ proc, url: '' }))
  const urls = await Promise.all(procs.map((p) => p.ready))
  replicas = procs.map((proc, i) => ({ proc, url: urls[i] as string }))
  proxy = await startProxy(urls)
})

afterAll(async () => {
  await proxy?.close()
  for (const r of replicas) r.proc.signalGroup('SIGKILL')
  await Promise.all(replicas.map((r) => r.proc.exited))
  await s3?.close()
  await deployment?.remove()
})

const service = (url: string) => nodeClient(url, keys.serviceRoleKey)
const at = (i: number) => (replicas[i] as { url: string }).url

it('starts three replicas that keep nothing on their own disk', async () => {
  expect(replicas.map((r) => r.proc.output())).not.toContainEqual(
    expect.stringMatching(/startup failed/),
  )
  // No secrets.json, no storage directory: DATABASE_URL, JWT_SECRET and S3 hold everything.
  expect(await fs.readdir(deployment.dataDir)).toEqual([])
})

describe('storage', () => {
  it('streams a byte range from one replica of an object uploaded through another', async () => {
    const bytes = crypto.randomBytes(3 * 1024 * 1024)
    const name = 'replicas/clip.webm'
    const up = await service(at(0))
      .storage.from(BUCKET)
      .upload(name, bytes, { contentType: 'video/webm' })
    expect(up.error).toBeNull()

    for (const i of [1, 2]) {
      const url = service(at(i)).storage.from(BUCKET).getPublicUrl(name).data.publicUrl
      const res = await fetch(url, { headers: { range: 'bytes=1000000-1999999' } })
      expect(res.status).toBe(206)
      expect(res.headers.get('content-range')).toBe(`bytes 1000000-1999999/${bytes.length}`)
      const got = Buffer.from(await res.arrayBuffer())
      expect(got.equals(bytes.subarray(1_000_000, 2_000_000))).toBe(true)
    }
    // Replaced on replica 2: replica 1, which just served (and remembered) the old version,
    // serves the new bytes, because the old version's key is gone from the bucket.
    const newer = crypto.randomBytes(5000)
    const again = await service(at(2))
      .storage.from(BUCKET)
      .upload(name, newer, { contentType: 'video/webm', upsert: true })
    expect(again.error).toBeNull()
    const url = service(at(1)).storage.from(BUCKET).getPublicUrl(name).data.publicUrl
    const res = await fetch(url)
    expect(Buffer.from(await res.arrayBuffer()).equals(newer)).toBe(true)
  })
})

describe('auth', () => {
  async function refresh(i: number, token: string) {
    const res = await fetch(`${at(i)}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: token }),
    })
    const body = (await res.json()) as { refresh_token?: string; error_code?: string }
    return { status: res.status, body }
  }

  it('signs in on one replica and refreshes on the others, rotation and reuse detection included', async () => {
    const email = `replica-${crypto.randomBytes(4).toString('hex')}@example.com`
    const password = 'correct horse battery staple'
    const signUp = await nodeClient(at(0), keys.anonKey).auth.signUp({ email, password })
    expect(signUp.error).toBeNull()
    const signIn = await nodeClient(at(1), keys.anonKey).auth.signInWithPassword({
      email,
      password,
    })
    expect(signIn.error).toBeNull()
    const t0 = signIn.data.session!.refresh_token

    const first = await refresh(2, t0)
    expect(first.status).toBe(200)
    const t1 = first.body.refresh_token as string
    expect(t1).not.toBe(t0)
    // A second tab racing with the same token on another replica gets the same child.
    const racing = await refresh(0, t0)
    expect(racing).toEqual({ status: 200, body: expect.objectContaining({ refresh_token: t1 }) })

    const second = await refresh(1, t1)
    expect(second.status).toBe(200)
    const t2 = second.body.refresh_token as string

    // t0's child is no longer the live token: reuse is theft, and the whole session ends.
    expect(await refresh(2, t0)).toEqual({
      status: 400,
      body: expect.objectContaining({ error_code: 'refresh_token_already_used' }),
    })
    expect((await refresh(0, t2)).status).toBe(400)
    const user = await fetch(`${at(1)}/auth/v1/user`, {
      headers: {
        apikey: keys.anonKey,
        authorization: `Bearer ${signIn.data.session!.access_token}`,
      },
    })
    expect(user.status).toBe(403)
  })
})

describe('limits', () => {
  it('holds the insert limit of one address across all three replicas', async () => {
    const anon = nodeClient(proxy.url, keys.anonKey)
    const before = new Map(proxy.served)
    const statuses: number[] = []
    let refusal: unknown
    // One row per request, in turn: the round-robin proxy sends them to each replica in turn.
    for (let n = 0; n < INSERT_LIMIT + 2; n++) {
      const { status, error } = await anon
        .from('fan_club_signups')
        .insert({ name: `Limit ${n}`, email: `limit-${n}@example.com` })
      statuses.push(status)
      if (error) refusal = error
    }
    expect(statuses).toEqual([...Array(INSERT_LIMIT).fill(201), 429, 429])
    expect(refusal).toMatchObject({
      code: 'PT429',
      details: `At most ${INSERT_LIMIT} rows per minute into fan_club_signups from one address.`,
    })
    const answered = [...proxy.served].filter(([url, n]) => n > (before.get(url) ?? 0))
    expect(answered.length).toBe(REPLICAS)
    const { count } = await service(proxy.url)
      .from('fan_club_signups')
      .select('*', { count: 'exact', head: true })
      .like('email', 'limit-%')
    expect(count).toBe(INSERT_LIMIT)
  })
})

describe('a replica killed under load', () => {
  interface Acked {
    inserts: string[]
    uploads: Map<string, string>
  }

  /** Writers through the proxy until `stop()`; each records what was acknowledged. */
  function load(client: SupabaseClient, writers: number) {
    const acked: Acked = { inserts: [], uploads: new Map() }
    const failures: string[] = []
    let stopped = false
    let count = 0
    const waiters: { n: number; resolve: () => void }[] = []
    const ack = () => {
      count++
      for (const w of waiters.filter((w) => count >= w.n)) w.resolve()
    }
    const run = async (w: number) => {
      for (let n = 0; !stopped && n < 2000; n++) {
        if (n % 2 === 0) {
          const id = crypto.randomUUID()
          const { error } = await client
            .from('fan_club_signups')
            .insert({ name: `Load ${w}`, email: `load${w}-${n}@example.com`, submission_id: id })
          if (error) failures.push(`insert: ${error.message}`)
          else {
            acked.inserts.push(id)
            ack()
          }
        } else {
          const name = `load/w${w}-${n}.webm`
          const bytes = crypto.randomBytes(1000 + crypto.randomInt(200_000))
          const { error } = await client.storage
            .from(BUCKET)
            .upload(name, bytes, { contentType: 'video/webm' })
          if (error) failures.push(`upload: ${error.message}`)
          else {
            acked.uploads.set(name, crypto.createHash('sha256').update(bytes).digest('hex'))
            ack()
          }
        }
      }
    }
    const done = Promise.all(Array.from({ length: writers }, (_, w) => run(w)))
    return {
      acked,
      failures,
      /** Resolves once `n` more writes have been acknowledged than so far. */
      acks(n: number) {
        const target = count + n
        return new Promise<void>((resolve) => {
          if (count >= target) resolve()
          else waiters.push({ n: target, resolve })
        })
      },
      async stop() {
        stopped = true
        await done
      },
    }
  }

  it('loses no acknowledged write, and the other two keep answering', async () => {
    const client = service(proxy.url)
    const writes = load(client, 6)
    await writes.acks(20)
    const victim = replicas[1] as { proc: MainProcess; url: string }
    victim.proc.signalGroup('SIGKILL')
    expect((await victim.proc.exited).signal).toBe('SIGKILL')
    // The survivors go on taking writes through the proxy.
    await writes.acks(40)
    await writes.stop()
    expect(proxy.down).toEqual(new Set([victim.url]))
    // Only writes in flight on the victim when it died may have failed, each as a 502.
    expect(writes.failures.length).toBeLessThanOrEqual(6)

    const survivors = [at(0), at(2)]
    for (const url of survivors) expect((await fetch(`${url}/healthz`)).status).toBe(200)

    const { acked } = writes
    const { rows } = await client
      .from('fan_club_signups')
      .select('submission_id')
      .in('submission_id', acked.inserts)
      .then((r) => ({ rows: r.data ?? [] }))
    expect(rows.length).toBe(acked.inserts.length)

    const check = service(survivors[0] as string)
    const { data: listed, error } = await check.storage.from(BUCKET).list('load', { limit: 1000 })
    expect(error).toBeNull()
    const names = (listed ?? []).map((f) => `load/${f.name}`)
    expect([...acked.uploads.keys()].filter((n) => !names.includes(n))).toEqual([])
    // Every listed object, acknowledged or not, has its bytes; the acknowledged ones exactly.
    const bad: string[] = []
    for (const name of names) {
      const res = await fetch(check.storage.from(BUCKET).getPublicUrl(name).data.publicUrl)
      const sha = crypto
        .createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex')
      const want = acked.uploads.get(name)
      if (res.status !== 200 || (want !== undefined && sha !== want)) bad.push(name)
    }
    expect(bad).toEqual([])
    console.log(
      `replicas: ${acked.inserts.length} inserts and ${acked.uploads.size} uploads acknowledged, ` +
        `${writes.failures.length} failed while replica 2 died; served per backend: ` +
        [...proxy.served.values()].join(', '),
    )
  }, 120_000)
})
