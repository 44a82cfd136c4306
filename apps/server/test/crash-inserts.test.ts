// Durability under crashes: the real server process (with its embedded PostgreSQL) takes public
// inserts as fast as a client can send them and is SIGKILLed, whole process group, at a random
// moment; ten times. After every restart each insert that was answered 201 must be there, and the
// server must have started cleanly (crash recovery, stale postmaster.pid).
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, expect, it } from 'vitest'
import { deriveKeys, loadOrCreateSecrets } from '../src/keys.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { nodeClient } from './support/node-client.js'

const ROUNDS = 10
const WRITERS = 4

let dataDir: string | undefined
let current: MainProcess | undefined

afterAll(async () => {
  current?.signalGroup('SIGKILL')
  await current?.exited
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

async function start(dir: string): Promise<{ proc: MainProcess; url: string }> {
  const proc = spawnMain({ DATA_DIR: dir, SEED: 'off', RATE_LIMIT_PER_MINUTE: '100000000' })
  current = proc
  const url = await proc.ready
  expect(proc.output()).not.toMatch(/startup failed|FATAL|PANIC/)
  return { proc, url }
}

/** Inserts until the server dies; returns the names the server acknowledged with 201. */
async function writeUntilDead(
  client: SupabaseClient,
  round: number,
  onFirstAck: () => void,
): Promise<string[]> {
  const acknowledged: string[] = []
  let alive = true
  const writer = async (w: number) => {
    for (let n = 0; alive; n++) {
      const name = `Crash ${round}-${w}-${n}`
      const { status } = await client
        .from('fan_club_signups')
        .insert({ name, email: `crash-${round}-${w}-${n}@example.com` })
      if (status === 201) {
        if (acknowledged.push(name) === 1) onFirstAck()
      } else if (status === 0 || status >= 500) alive = false
      else throw new Error(`unexpected status ${status} for ${name}`)
    }
  }
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)))
  return acknowledged
}

async function namesOfRound(client: SupabaseClient, round: number): Promise<Set<string>> {
  const names = new Set<string>()
  for (let from = 0; ; from += 1000) {
    const { data, error } = await client
      .from('fan_club_signups')
      .select('name')
      .like('name', `Crash ${round}-%`)
      .order('id')
      .range(from, from + 999)
    if (error) throw new Error(error.message)
    for (const row of data as { name: string }[]) names.add(row.name)
    if (data.length < 1000) return names
  }
}

it(`keeps every acknowledged insert across ${ROUNDS} SIGKILLs of server and database`, async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-crash-'))
  await fs.chmod(dataDir, 0o755)
  const keys = await deriveKeys((await loadOrCreateSecrets(dataDir)).jwtSecret)
  let { proc, url } = await start(dataDir)
  const timings: string[] = []

  for (let round = 1; round <= ROUNDS; round++) {
    const anon = nodeClient(url, keys.anonKey)
    const delay = 100 + crypto.randomInt(500)
    const t0 = Date.now()
    // The random moment counts from the first acknowledged insert, so every round has some.
    const acknowledged = await writeUntilDead(anon, round, () =>
      setTimeout(() => proc.signalGroup('SIGKILL'), delay),
    )
    const t1 = Date.now()
    expect((await proc.exited).signal).toBe('SIGKILL')
    expect(acknowledged.length, `round ${round}: no insert was acknowledged`).toBeGreaterThan(0)

    ;({ proc, url } = await start(dataDir))
    timings.push(
      `round ${round}: wrote ${acknowledged.length} in ${t1 - t0} ms, restart ${Date.now() - t1} ms`,
    )
    const stored = await namesOfRound(nodeClient(url, keys.serviceRoleKey), round)
    const lost = acknowledged.filter((n) => !stored.has(n))
    expect(
      lost,
      `round ${round}, killed ${delay} ms after the first 201\n${timings.join('\n')}`,
    ).toEqual([])
  }

  proc.child.kill('SIGTERM')
  expect(await proc.exited).toEqual({ code: 0, signal: null })
}, 110_000)
