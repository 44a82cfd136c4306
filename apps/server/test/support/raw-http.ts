// Plain node:http for tests that must see a response exactly as sent (fetch decompresses, and
// will not send a Host of the test's choosing) or send it from a given loopback address.
import http from 'node:http'

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

export interface RawRequestOptions {
  method?: string
  headers?: Record<string, string>
  /** The local address to connect from (127.0.0.x), on a connection of its own. */
  localAddress?: string
  /** A (keep-alive) agent to send it on instead, e.g. one bound to a loopback address. */
  agent?: http.Agent
}

export function rawRequest(url: string, opts: RawRequestOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        ...(opts.localAddress ? { localAddress: opts.localAddress, agent: false } : {}),
        ...(opts.agent ? { agent: opts.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}
