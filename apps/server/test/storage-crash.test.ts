// Durability of uploads under crashes: the real server process (with its embedded PostgreSQL)
// takes a stream of uploads from several writers and its whole process group is SIGKILLed at a
// random moment, several times. After every restart each upload that was answered 200 must list
// and download byte-identical, and every object that lists (acknowledged or not) must have its
// bytes: the file is fsynced and renamed before its row commits.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, expect, it } from 'vitest'
import { deriveKeys, loadOrCreateSecrets } from '../src/keys.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { nodeClient } from './support/node-client.js'

const ROUNDS = 6
const WRITERS = 4
const BUCKET = 'soundtrack 2nd'

let dataDir: string | undefined
let current: MainProcess | undefined

afterAll(async () => {
  current?.signalGroup('SIGKILL')
  await current?.exited
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

async function start(dir: string): Promise<{ proc: MainProcess; url: string }> {
  const proc = spawnMain({ DATA_DIR: dir, SEED: 'off' })
  current = proc
  const url = await proc.ready
  expect(proc.output()).not.toMatch(/startup failed|FATAL|PANIC/)
  return { proc, url }
}

/** Uploads until the server dies; returns the acknowledged objects and their sha256. */
async function uploadUntilDead(
  client: SupabaseClient,
  round: number,
  onFirstAck: () => void,
): Promise<Map<string, string>> {
  const acknowledged = new Map<string, string>()
  let alive = true
  const writer = async (w: number) => {
    for (let n = 0; alive; n++) {
      const name = `round-${round}/w${w}-${n}.wav`
      const bytes = crypto.randomBytes(1024 + crypto.randomInt(256 * 1024))
      const { error } = await client.storage
        .from(BUCKET)
        .upload(name, bytes, { contentType: 'audio/wav' })
      if (!error) {
        acknowledged.set(name, crypto.createHash('sha256').update(bytes).digest('hex'))
        if (acknowledged.size === 1) onFirstAck()
        continue
      }
      const status = (error as { status?: number }).status
      if (status === undefined || status >= 500) alive = false
      else throw new Error(`unexpected ${status} for ${name}: ${error.message}`)
    }
  }
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)))
  return acknowledged
}

async function listed(client: SupabaseClient, round: number): Promise<string[]> {
  const names: string[] = []
  for (let offset = 0; ; offset += 1000) {
    const { data, error } = await client.storage
      .from(BUCKET)
      .list(`round-${round}`, { limit: 1000, offset })
    if (error) throw new Error(error.message)
    names.push(...data.map((f) => `round-${round}/${f.name}`))
    if (data.length < 1000) return names
  }
}

async function sha256Of(url: string): Promise<string | number> {
  const res = await fetch(url)
  if (res.status !== 200) return res.status
  return crypto
    .createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('hex')
}

it(`keeps every acknowledged upload across ${ROUNDS} SIGKILLs of server and database`, async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-storage-crash-'))
  await fs.chmod(dataDir, 0o755)
  const keys = await deriveKeys((await loadOrCreateSecrets(dataDir)).jwtSecret)
  let { proc, url } = await start(dataDir)
  const report: string[] = []

  for (let round = 1; round <= ROUNDS; round++) {
    const delay = 50 + crypto.randomInt(400)
    const acknowledged = await uploadUntilDead(nodeClient(url, keys.serviceRoleKey), round, () =>
      setTimeout(() => proc.signalGroup('SIGKILL'), delay),
    )
    expect((await proc.exited).signal).toBe('SIGKILL')
    expect(acknowledged.size, `round ${round}: no upload was acknowledged`).toBeGreaterThan(0)

    ;({ proc, url } = await start(dataDir))
    const service = nodeClient(url, keys.serviceRoleKey)
    const names = await listed(service, round)
    const missing = [...acknowledged.keys()].filter((n) => !names.includes(n))
    expect(missing, `round ${round}: acknowledged but not listed`).toEqual([])
    const bad: string[] = []
    for (const name of names) {
      const publicUrl = service.storage.from(BUCKET).getPublicUrl(name).data.publicUrl
      const got = await sha256Of(publicUrl)
      const want = acknowledged.get(name)
      // Unacknowledged uploads may have committed just before the kill: they must be whole too.
      if (typeof got !== 'string' || (want !== undefined && got !== want))
        bad.push(`${name}: ${got}`)
    }
    expect(bad, `round ${round}: listed objects whose bytes are wrong or missing`).toEqual([])
    report.push(
      `round ${round}: killed after ${delay} ms, ${acknowledged.size} acknowledged, ${names.length} listed`,
    )
  }

  proc.child.kill('SIGTERM')
  expect(await proc.exited).toEqual({ code: 0, signal: null })
  console.log(report.join('\n'))
}, 150_000)
