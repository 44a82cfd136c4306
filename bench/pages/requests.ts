// Plain node:http requests as a browser asks (Accept text/html, br/gzip), timed, for the page
// benches: the benchmark itself (run.ts) and its probe process (probe.ts), through the server
// tests' plain request (it neither decompresses nor retries).
import type http from 'node:http'
import { rawRequest, type RawResponse } from '../../apps/server/test/support/raw-http.js'

export const BROWSER = { accept: 'text/html,*/*;q=0.8', 'accept-encoding': 'br, gzip' }

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

export interface Answer extends RawResponse {
  ms: number
}

/** One request on `agent` (a keep-alive agent bound to one loopback address), timed. */
export async function request(
  agent: http.Agent,
  url: string,
  headers: Record<string, string> = BROWSER,
): Promise<Answer> {
  const started = performance.now()
  const answer = await rawRequest(url, { agent, headers })
  return { ...answer, ms: performance.now() - started }
}
