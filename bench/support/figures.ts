// What a load run measured, and the table the load benches print: each row's rate also as a
// ratio of the baseline row's (the same run's /healthz).

export interface Figures {
  name: string
  rps: number
  p50: number
  p99: number
  requests: number
  errors: number
}

export function figuresTable(rows: Figures[], baseline: Figures, what: string): string {
  const head = [what, 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'x baseline']
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.requests),
    String(r.errors),
    (r.rps / baseline.rps).toFixed(2),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ')
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')
}
