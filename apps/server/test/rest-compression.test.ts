// The REST answers the site reads are compressed even though they carry PostgREST's row
// Content-Range (which @fastify/compress would skip), and decompress to the same JSON.
import http, { type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seed: true })
})

afterAll(async () => {
  await server?.close()
})

/** node:http, not fetch: fetch would decompress the body before the test sees it. */
function news(acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${server.url}/rest/v1/news?select=*&order=date.desc`,
      { headers: { apikey: server.keys.anonKey, 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
  })
}

describe('REST compression', () => {
  it('answers br, gzip or plain JSON as the client accepts, all the same rows', async () => {
    const plain = await news('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-range']).toMatch(/^0-\d+\/\*$/)
    const text = plain.body.toString('utf8')
    const rows = JSON.parse(text) as { headline: string }[]
    expect(rows.length).toBe(10)

    const br = await news('gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.body.length).toBeLessThan(Buffer.byteLength(text))
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text)

    const gzip = await news('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(text)
  })
})
