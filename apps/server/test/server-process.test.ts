// The server process as an operator sees it: the embedded PostgreSQL dies and comes back with the
// API answering 503 meanwhile, the server gives up (exit 1) when the database cannot be started,
// a shutdown lets an upload in flight finish, a second signal exits at once, and with
// DATABASE_URL the start waits for a database that is not there yet.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { deriveKeys, loadOrCreateSecrets, type Keys } from '../src/keys.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { startTcpProxy } from './support/tcp-proxy.js'
import { withDatabase } from './support/test-server.js'

const temps: string[] = []
const running: MainProcess[] = []

afterEach(async () => {
  for (const p of running.splice(0)) {
    p.signalGroup('SIGKILL')
    await p.exited
  }
})
afterAll(async () => {
  for (const dir of temps) await fs.rm(dir, { recursive: true, force: true })
})

async function dataDir(): Promise<{ dir: string; keys: Keys }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-process-'))
  await fs.chmod(dir, 0o755)
  temps.push(dir)
  return { dir, keys: await deriveKeys((await loadOrCreateSecrets(dir)).jwtSecret) }
}

function start(env: Record<string, string>): MainProcess {
  const p = spawnMain({ SEED: 'off', ...env })
  running.push(p)
  return p
}

async function postmasterPid(dir: string): Promise<number> {
  return Number((await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0])
}

describe('the embedded PostgreSQL under supervision', () => {
  it('dies and comes back on its own; meanwhile the API answers 503, never 500', async () => {
    const { dir, keys } = await dataDir()
    const server = start({ DATA_DIR: dir })
    const url = await server.ready
    const read = () =>
      fetch(`${url}/rest/v1/episodes?select=title`, { headers: { apikey: keys.anonKey } })
    expect((await read()).status).toBe(200)

    process.kill(await postmasterPid(dir), 'SIGKILL')
    const statuses = new Set<number>()
    // Ask until the database is back (the log says so and a read answers 200).
    for (;;) {
      const status = (await read()).status
      statuses.add(status)
      if (status === 200 && /embedded PostgreSQL is back/.test(server.output())) break
    }
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([])
    expect(server.output()).toMatch(/embedded PostgreSQL exited unexpectedly/)
    expect((await fetch(`${url}/healthz`)).status).toBe(200)

    server.child.kill('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })
  }, 120_000)

  it('exits 1, saying why, when the database cannot be started again', async () => {
    const { dir } = await dataDir()
    const server = start({ DATA_DIR: dir, DB_RESTART_ATTEMPTS: '2' })
    await server.ready
    // A cluster that PostgreSQL no longer accepts: every start fails.
    await fs.rename(path.join(dir, 'pg', 'PG_VERSION'), path.join(dir, 'pg', 'PG_VERSION.moved'))
    process.kill(await postmasterPid(dir), 'SIGKILL')
    expect(await server.exited).toEqual({ code: 1, signal: null })
    expect(server.output()).toMatch(
      /starting the embedded PostgreSQL again failed \(2 of 2\)[^]*failed to start 2 times in a row/,
    )
  }, 120_000)
})

/** An upload whose body is sent in two halves; resolves with the status once answered. */
function slowUpload(url: string, keys: Keys) {
  const bytes = crypto.randomBytes(64 * 1024)
  const req = http.request(`${url}/storage/v1/object/soundtrack%201st/slow.mp3`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${keys.serviceRoleKey}`,
      apikey: keys.serviceRoleKey,
      'content-type': 'audio/mpeg',
      'content-length': String(bytes.length),
    },
  })
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
  })
  req.write(bytes.subarray(0, bytes.length / 2))
  return { status, finish: () => req.end(bytes.subarray(bytes.length / 2)) }
}

describe('shutdown', () => {
  it('stops accepting, lets the upload in flight finish, and exits 0', async () => {
    const { dir, keys } = await dataDir()
    const server = start({ DATA_DIR: dir })
    const url = await server.ready
    const upload = slowUpload(url, keys)
    await server.waitFor(/slow\.mp3[^\n]*incoming request/)
    server.child.kill('SIGTERM')
    await server.waitFor(/received SIGTERM: shutting down/)
    // A request after the signal is refused (or answered 503 while the listener closes).
    const late = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    )
    expect(['refused', 503]).toContain(late)
    upload.finish()
    expect(await upload.status).toBe(200)
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(server.output()).toMatch(/http server closed[^]*embedded PostgreSQL stopped[^]*bye/)
  }, 120_000)

  it('Ctrl-C (SIGINT to the whole group) stops cleanly, without restarting the database', async () => {
    const { dir } = await dataDir()
    const server = start({ DATA_DIR: dir })
    await server.ready
    server.signalGroup('SIGINT')
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(server.output()).toMatch(/received SIGINT: shutting down[^]*"bye"/)
    expect(server.output()).not.toMatch(/exited unexpectedly|ready again/)
  }, 120_000)

  it('exits at once on a second signal', async () => {
    const { dir, keys } = await dataDir()
    const server = start({ DATA_DIR: dir })
    const url = await server.ready
    const upload = slowUpload(url, keys)
    upload.status.catch(() => undefined)
    await server.waitFor(/slow\.mp3[^\n]*incoming request/)
    server.child.kill('SIGTERM')
    await server.waitFor(/received SIGTERM: shutting down/)
    server.child.kill('SIGTERM')
    expect(await server.exited).toEqual({ code: 143, signal: null })
    expect(server.output()).toMatch(/received SIGTERM again: exiting now/)
    expect(server.output()).not.toMatch(/"bye"/)
  }, 120_000)
})

describe('DATABASE_URL', () => {
  it('waits for a database that cannot be reached yet, then starts', async () => {
    const root = new URL(inject('adminUrl'))
    const name = `rd_wait_${crypto.randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: inject('adminUrl') })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const proxy = await startTcpProxy(root.hostname, Number(root.port || 5432))
    await proxy.cut()
    try {
      const url = new URL(withDatabase(inject('adminUrl'), name))
      url.host = `127.0.0.1:${proxy.port}`
      const { dir } = await dataDir()
      const server = spawnMain({
        DATA_DIR: dir,
        SEED: 'off',
        DATABASE_URL: url.toString(),
        JWT_SECRET: crypto.randomBytes(48).toString('base64'),
      })
      running.push(server)
      await server.waitFor(/the database cannot be reached yet \([^)]*ECONNREFUSED/)
      await proxy.restore()
      const site = await server.ready
      expect((await fetch(`${site}/healthz`)).status).toBe(200)
      expect(server.output()).toMatch(/the database answers/)
      server.child.kill('SIGTERM')
      expect((await server.exited).code).toBe(0)
    } finally {
      await proxy.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }, 120_000)
})
