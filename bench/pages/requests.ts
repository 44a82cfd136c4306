// Plain node:http requests as a browser asks (Accept text/html, br/gzip), timed, for the page
// benches: the benchmark itself (run.ts) and its probe process (probe.ts).
import http from 'node:http'

export const BROWSER = { accept: 'text/html,*/*;q=0.8', 'accept-encoding': 'br, gzip' }

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  ms: number
}

/** One request on `agent` (a keep-alive agent bound to one loopback address). */
export function request(
  agent: http.Agent,
  url: string,
  headers: Record<string, string> = BROWSER,
): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}
