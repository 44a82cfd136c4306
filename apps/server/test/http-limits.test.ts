// The attacks of premiere night at a small scale, over real sockets from several loopback
// addresses (127.0.0.x):
// - half-sent requests (a header line now and then, never the end) from two addresses no longer
//   use up the server's connections: each address holds at most its share of sockets, the rest
//   are closed at once, /healthz keeps answering a third address, and a half-sent request is
//   dropped once its headers are late (HEADERS_TIMEOUT_MS, 6 s here), not after a minute and a
//   half;
// - a flood of pages whose reads fail writes a bounded log: no stack traces, and the same failure
//   once, not once per request (the real server process, its whole output read).
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rawRequest } from './support/raw-http.js'
import { freshDeployment, type Deployment } from './support/deployment.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { adminQuery, startTestServer, type TestServer } from './support/test-server.js'

/** GET `path` from the loopback address `from`; the status, or the socket error's code. */
function getFrom(base: string, path: string, from: string): Promise<number | string> {
  return rawRequest(`${base}${path}`, { localAddress: from }).then(
    (res) => res.status,
    (e: NodeJS.ErrnoException) => e.code ?? e.message,
  )
}

interface HalfOpen {
  socket: net.Socket
  /** Resolves when the server has closed it. */
  closed: Promise<void>
  /** What the server sent on it. */
  received(): string
}

/** A connection from `from` that sends the start of a request and never its end. */
function halfOpen(port: number, from: string): Promise<HalfOpen> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from })
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    let text = ''
    const half = { socket, closed, received: () => text }
    socket.on('error', () => undefined)
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')))
    socket.once('connect', () => {
      socket.write('GET / HTTP/1.1\r\nHost: rentdue.example\r\nX-Slow: 1\r\n')
      resolve(half)
    })
    socket.once('close', () => resolve(half))
  })
}

describe('half-sent requests from two addresses', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        connections: {
          maxConnections: 40,
          perClient: 10,
          headersTimeoutMs: 6000,
          requestTimeoutMs: 10_000,
          keepAliveTimeoutMs: 5000,
        },
      },
    })
  })

  afterAll(async () => {
    await server?.close()
  })

  it('take at most their share of sockets: /healthz answers a third address, and they are dropped when late', async () => {
    const port = Number(new URL(server.url).port)
    const attack = await Promise.all(
      ['127.0.0.2', '127.0.0.3'].flatMap((from) =>
        Array.from({ length: 40 }, () => halfOpen(port, from)),
      ),
    )
    expect(await getFrom(server.url, '/healthz', '127.0.0.4')).toBe(200)
    // Everything past 10 per address was closed as it came (without it the 40 sockets the
    // server may hold would all be the attacker's, and /healthz above would have been refused).
    const closed = () => attack.filter((a) => a.socket.destroyed).length
    while (closed() < 60) await new Promise((resolve) => setImmediate(resolve))
    expect(closed()).toBe(60)
    expect(await getFrom(server.url, '/healthz', '127.0.0.5')).toBe(200)
    // Headers not complete within 6 s: the server answers 408 and drops the 20 it held.
    await Promise.all(attack.map((a) => a.closed))
    const timedOut = attack.filter((a) => a.received().startsWith('HTTP/1.1 408 Request Timeout'))
    expect(timedOut).toHaveLength(20)
    expect(await getFrom(server.url, '/healthz', '127.0.0.2')).toBe(200)
  })
})

describe('a flood of pages whose reads fail', () => {
  let deployment: Deployment
  let proc: MainProcess
  let url: string

  beforeAll(async () => {
    deployment = await freshDeployment('flood', { site: true })
    proc = spawnMain({ ...deployment.env, LOG_LEVEL: 'debug' })
    url = await proc.ready
    // Fastify's own start-up line may reach the pipe after the ready line: wait for it, so the
    // log the test reads is the flood's alone.
    await vi.waitFor(() => expect(proc.output()).toContain('Server listening at'), {
      timeout: 10_000,
    })
    await adminQuery(deployment.databaseUrl, 'revoke select on public.news from anon')
  })

  afterAll(async () => {
    proc?.signalGroup('SIGKILL')
    await proc?.exited
    await deployment?.remove()
  })

  it('logs the failure once, without a stack, however many pages fail', async () => {
    const before = proc.output().length
    const statuses: number[] = []
    for (let round = 0; round < 20; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const res = await fetch(`${url}/news?r=${round}-${i}`, {
            headers: { accept: 'text/html' },
          })
          await res.arrayBuffer()
          return res.status
        }),
      )
      statuses.push(...answers)
    }
    // Every page was answered: rendered (with its hole) or refused for being too many at once.
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0)

    const lines = proc
      .output()
      .slice(before)
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { msg: string; err?: unknown; stack?: unknown })
    // Beside the access log (a line as each request comes and one as it is answered): nothing
    // per request. The failed read once, the refusals once (their counts come a minute later).
    const other = lines.filter((l) => l.msg !== 'incoming request' && l.msg !== 'request completed')
    expect(other.map((l) => l.msg).sort()).toEqual(
      [
        'page read failed: Loading the news failed: news: 401',
        'page render refused: too many page renders for one address at once',
      ].filter((msg) => statuses.includes(429) || !msg.startsWith('page render refused')),
    )
    expect(JSON.stringify(lines)).not.toMatch(/"stack"|\\n\s+at /)
  })
})
