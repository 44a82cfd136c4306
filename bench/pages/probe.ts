// The probe of bench/pages (run.ts): asks for each path, one request at a time, from 127.0.0.2
// until the parent sends 'stop', then sends back each path's count, errors, p50 and p99. A process
// of its own, so that its timings are the server's, not the lag of an event loop that autocannon's
// load shares.
import http from 'node:http'
import { percentile, request } from './requests.js'

export interface ProbeResult {
  path: string
  requests: number
  errors: number
  p50: number
  p99: number
}

const [origin, ...paths] = process.argv.slice(2)
let done = false
process.on('message', (m) => {
  if (m === 'stop') done = true
})
// Never outlive the benchmark.
process.on('disconnect', () => process.exit(1))

const agent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.2' })
const ms = new Map(paths.map((p) => [p, [] as number[]]))
const bad = new Map(paths.map((p) => [p, 0]))
while (!done) {
  for (const p of paths) {
    try {
      const a = await request(agent, `${origin}${p}`)
      ms.get(p)?.push(a.ms)
      if (a.status !== 200) bad.set(p, (bad.get(p) ?? 0) + 1)
    } catch {
      bad.set(p, (bad.get(p) ?? 0) + 1)
    }
  }
}
agent.destroy()
const results: ProbeResult[] = paths.map((p) => {
  const sorted = (ms.get(p) ?? []).sort((a, b) => a - b)
  return {
    path: p,
    requests: sorted.length,
    errors: bad.get(p) ?? 0,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  }
})
process.send?.(results, () => process.disconnect())
