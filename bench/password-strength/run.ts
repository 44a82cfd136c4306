// What the zxcvbn password check costs the server (decision 220), on the BUILT server's worker:
// the first check of a process (worker start plus dictionary load), the per-check time for
// ordinary and hostile 72-character passwords, checks per second when many queue, the memory the
// dictionaries hold, and how long the main thread's event loop stalls meanwhile (it should not).
//
//   npm run build -w apps/server && npx tsx bench/password-strength/run.ts
//
// Figures depend on the machine and its load; compare runs made one after the other only.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BUILT = path.join(ROOT, 'apps/server/dist/auth-api/password-strength.js')
const STARTS = Number(process.env.BENCH_STARTS ?? 3)
// At most MAX_PENDING (100) checks may wait; more are refused at once (decision 220).
const QUEUED = Number(process.env.BENCH_QUEUED ?? 100)

const ORDINARY = [
  'password',
  '12345678',
  'iloveyou2',
  'P@ssword123!',
  'monkey123',
  'rent is due again',
  'correct horse battery',
  'the landlord always wins',
  'Tr0ub4dor&3',
  'kT9#vLq2!wZr',
  'rosie-and-dez-2026',
  'bertha.briggs!',
  'qwertyuiop',
  'tubbs loves pizza',
  'aaaaaaaaaaaa',
  'hunter22hunter',
]
const HOSTILE = [
  'aB3$dE6^gH9*jK2@mN5%pQ8&sT1!vW4#yZ7(bC0)eF3_hI6+kL9=nO2-qR5~tU8`wX1{zA4}',
  '4@3!1|0$5+7(9'.repeat(6).slice(0, 72),
  '1'.repeat(72),
  '4$'.repeat(36),
  'p@ssw0rd'.repeat(9),
]

interface Strength {
  check(password: string, userInputs?: string[]): Promise<unknown>
  close(): Promise<void>
}

const ms = (t: number) => `${t.toFixed(1)} ms`
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

async function main() {
  if (!existsSync(BUILT)) {
    console.error(`No built server at ${BUILT}: run \`npm run build -w apps/server\` first.`)
    process.exit(1)
  }
  const { PasswordStrength } = (await import(pathToFileURL(BUILT).href)) as {
    PasswordStrength: new () => Strength
  }
  const words = ['fan-3f9c2a@example.com', 'fan-3f9c2a', 'rentdue', 'rent due']

  const rssBefore = process.memoryUsage().rss
  const firsts: number[] = []
  let strength: Strength | undefined
  for (let i = 0; i < STARTS; i++) {
    await strength?.close()
    strength = new PasswordStrength()
    const s = strength
    firsts.push(await timed(() => s.check('correct horse battery', words)))
  }
  const s = strength as Strength
  const rssAfter = process.memoryUsage().rss

  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  const ordinary: number[] = []
  for (let round = 0; round < 5; round++) {
    for (const p of ORDINARY) ordinary.push(await timed(() => s.check(p, words)))
  }
  const hostile: number[] = []
  for (const p of HOSTILE) hostile.push(await timed(() => s.check(p, words)))
  const queuedMs = await timed(() =>
    Promise.all(
      Array.from({ length: QUEUED }, (_, i) =>
        s.check(ORDINARY[i % ORDINARY.length] as string, words),
      ),
    ),
  )
  loop.disable()
  await s.close()

  console.log('password strength (zxcvbn in a worker thread, built server)')
  console.log(`  first check of a process (worker start + dictionaries), ${STARTS} starts:`)
  console.log(`    median ${ms(percentile(firsts, 50))}, max ${ms(Math.max(...firsts))}`)
  console.log(
    `  RSS added by the worker and its dictionaries: ${((rssAfter - rssBefore) / 2 ** 20).toFixed(0)} MiB`,
  )
  console.log(`  ordinary passwords (${ordinary.length} checks, up to 24 characters):`)
  console.log(
    `    median ${ms(percentile(ordinary, 50))}, p95 ${ms(percentile(ordinary, 95))}, max ${ms(Math.max(...ordinary))}`,
  )
  console.log(
    `  hostile 72-character passwords (${hostile.length}): max ${ms(Math.max(...hostile))}`,
  )
  console.log(
    `  ${QUEUED} checks queued at once: ${ms(queuedMs)} in all, ${(QUEUED / (queuedMs / 1000)).toFixed(0)} checks/s`,
  )
  console.log(
    `  main-thread event-loop delay meanwhile: p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}`,
  )
}

await main()
