// The site heals itself: while fans submit (sign-ups and uploads), three kinds of crash, in a
// loop, CRASH_CYCLES times each (CI: 5):
//   node      SIGKILL of the server process alone: its PostgreSQL is left running (an OOM kill,
//             KillMode=process); the next start takes the leftover over
//   database  SIGKILL of the postmaster alone: the server answers 503 and starts it again
//   both      SIGKILL of the whole process group
// After each, with nobody acting but a plain restart of the process where it died, /healthz
// answers again, every insert answered 201 and every upload answered 200 is there (uploads byte
// for byte), every listed object has its bytes, and no answer was a 500. Prints the time from
// the kill until /healthz answered, per kind: median and worst.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, expect, it } from 'vitest'
import { deriveKeys, loadOrCreateSecrets, type Keys } from '../src/keys.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { nodeClient } from './support/node-client.js'

const CYCLES = Number(process.env.CRASH_CYCLES ?? 5)
const KINDS = ['node', 'database', 'both'] as const
type Kind = (typeof KINDS)[number]
const BUCKET = 'soundtrack 2nd'

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

async function healthy(url: string): Promise<void> {
  for (;;) {
    const status = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return
    expect(status, 'a /healthz answer').not.toBe(500)
  }
}

async function postmasterPid(dir: string): Promise<number> {
  return Number((await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0])
}

const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex')

/**
 * Fans submitting until stop(). A refused connection ends a writer (the server is gone); a 503
 * (the database is restarting) makes it wait for `recovered` once. Anything else is an error.
 */
function fansSubmit(url: string, keys: Keys, tag: string, recovered: Promise<void>) {
  const anon = nodeClient(url, keys.anonKey)
  const service = nodeClient(url, keys.serviceRoleKey)
  const rows: string[] = []
  const files = new Map<string, string>()
  const statuses = new Set<number>()
  let going = true
  let first: () => void = () => undefined
  const firstAck = new Promise<void>((resolve) => (first = resolve))
  const after503 = async () => {
    await recovered
    return going
  }
  const signUps = async (w: number) => {
    for (let n = 0; going; n++) {
      const name = `Crash ${tag}-${w}-${n}`
      const { status } = await anon
        .from('fan_club_signups')
        .insert({ name, email: `crash-${tag}-${w}-${n}@example.com` })
      statuses.add(status)
      if (status === 201) {
        rows.push(name)
        first()
      } else if (status === 0) return
      else if (status === 503) {
        if (!(await after503())) return
      } else throw new Error(`insert ${name} answered ${status}`)
    }
  }
  const uploads = async (w: number) => {
    for (let n = 0; going; n++) {
      const name = `${tag}/w${w}-${n}.wav`
      const bytes = crypto.randomBytes(1024 + crypto.randomInt(128 * 1024))
      const { error } = await service.storage
        .from(BUCKET)
        .upload(name, bytes, { contentType: 'audio/wav' })
      if (!error) {
        files.set(name, sha256(bytes))
        first()
        continue
      }
      const status = (error as { status?: number }).status ?? 0
      statuses.add(status)
      if (status === 0) return
      if (status === 503) {
        if (!(await after503())) return
      } else throw new Error(`upload ${name} answered ${status}: ${error.message}`)
    }
  }
  const done = Promise.all([0, 1, 2].map(signUps).concat([0, 1].map(uploads)))
  return {
    rows,
    files,
    statuses,
    firstAck,
    done,
    async stop() {
      going = false
      await done
    },
  }
}

async function storedRows(client: SupabaseClient, tag: string): Promise<Set<string>> {
  const names = new Set<string>()
  for (let from = 0; ; from += 1000) {
    const { data, error } = await client
      .from('fan_club_signups')
      .select('name')
      .like('name', `Crash ${tag}-%`)
      .order('id')
      .range(from, from + 999)
    if (error) throw new Error(error.message)
    for (const r of data as { name: string }[]) names.add(r.name)
    if (data.length < 1000) return names
  }
}

async function badFiles(client: SupabaseClient, tag: string, acked: Map<string, string>) {
  const listed = new Set<string>()
  for (let offset = 0; ; offset += 1000) {
    const { data, error } = await client.storage.from(BUCKET).list(tag, { limit: 1000, offset })
    if (error) throw new Error(error.message)
    for (const f of data) listed.add(`${tag}/${f.name}`)
    if (data.length < 1000) break
  }
  const bad = [...acked.keys()].filter((n) => !listed.has(n)).map((n) => `${n}: not listed`)
  for (const name of listed) {
    const res = await fetch(client.storage.from(BUCKET).getPublicUrl(name).data.publicUrl)
    const got = res.status === 200 ? sha256(new Uint8Array(await res.arrayBuffer())) : res.status
    // Unacknowledged uploads may have committed just before the kill: they must be whole too.
    const want = acked.get(name)
    if (typeof got !== 'string' || (want !== undefined && got !== want)) bad.push(`${name}: ${got}`)
  }
  return bad
}

function summary(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b)
  const mid = sorted.length / 2
  const median =
    sorted.length % 2 ? sorted[Math.floor(mid)] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
  return `median ${Math.round(median ?? 0)} ms, worst ${sorted.at(-1)} ms over ${sorted.length}`
}

it(
  `keeps every acknowledged insert and upload across ${CYCLES} crashes of each kind`,
  async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-crash-'))
    await fs.chmod(dataDir, 0o755)
    const keys = await deriveKeys((await loadOrCreateSecrets(dataDir)).jwtSecret)
    let { proc, url } = await start(dataDir)
    const timings: Record<Kind, number[]> = { node: [], database: [], both: [] }
    let totals = { rows: 0, files: 0 }

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      for (const kind of KINDS) {
        const tag = `${cycle}-${kind}`
        let markRecovered: () => void = () => undefined
        const recovered = new Promise<void>((resolve) => (markRecovered = resolve))
        const fans = fansSubmit(url, keys, tag, recovered)
        await fans.firstAck
        // A random moment after the first acknowledgement, so every round has some.
        await new Promise((resolve) => setTimeout(resolve, 50 + crypto.randomInt(450)))
        const pid = kind === 'database' ? await postmasterPid(dataDir) : 0
        const killedAt = Date.now()
        if (kind === 'node') proc.child.kill('SIGKILL')
        else if (kind === 'database') process.kill(pid, 'SIGKILL')
        else proc.signalGroup('SIGKILL')

        if (kind !== 'database') {
          await fans.done
          expect((await proc.exited).signal).toBe('SIGKILL')
          ;({ proc, url } = await start(dataDir))
        }
        await healthy(url)
        timings[kind].push(Date.now() - killedAt)
        markRecovered()
        await fans.stop()

        const context = `cycle ${cycle}, ${kind}: ${fans.rows.length} rows, ${fans.files.size} files`
        expect(fans.rows.length + fans.files.size, context).toBeGreaterThan(0)
        expect(
          [...fans.statuses].filter((s) => s >= 500 && s !== 503),
          context,
        ).toEqual([])
        const service = nodeClient(url, keys.serviceRoleKey)
        const stored = await storedRows(service, tag)
        expect(
          fans.rows.filter((n) => !stored.has(n)),
          `${context}: rows lost`,
        ).toEqual([])
        expect(await badFiles(service, tag, fans.files), `${context}: files`).toEqual([])
        totals = { rows: totals.rows + fans.rows.length, files: totals.files + fans.files.size }
      }
    }

    proc.child.kill('SIGTERM')
    expect(await proc.exited).toEqual({ code: 0, signal: null })
    const report = [
      `crash cycles: ${CYCLES} of each kind; ${totals.rows} acknowledged rows and ` +
        `${totals.files} acknowledged uploads, 0 lost`,
      ...KINDS.map((k) => `  ${k}: kill to /healthz 200: ${summary(timings[k])}`),
    ].join('\n')
    console.log(report)
    if (process.env.CRASH_REPORT) await fs.writeFile(process.env.CRASH_REPORT, report + '\n')
  },
  Math.max(CYCLES, 1) * 3 * 60_000,
)
