// The build's files answered at the front door: after the first file has gone out through
// Fastify, the same answers (status, headers, bytes) without Fastify's routing and hooks.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  rawRequest,
  type RawRequestOptions,
  type RawResponse,
} from '../../test/support/raw-http.js'
import { readAssetFiles, registerAssetFiles } from './asset-files.js'
import { testFrontDoor } from '../../test/support/front-door.js'
import { useRouteSchemas } from './route-schemas.js'

const SCRIPT = 'export const line = [' + '"Rent is due on the first",'.repeat(200) + ']\n'
const IMMUTABLE = 'public, max-age=31536000, immutable'

let dir: string
let app: FastifyInstance
let origin: string
/** Requests that went through Fastify's hooks. */
let throughFastify = 0

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rentdue-front-door-'))
  fs.writeFileSync(path.join(dir, 'app-1a2b3c.js'), SCRIPT)
  fs.writeFileSync(path.join(dir, 'tiny-4d5e6f.js'), 'export {}\n')
  const door = testFrontDoor()
  app = Fastify({ serverFactory: door.serverFactory, return503OnClosing: true })
  useRouteSchemas(app)
  app.addHook('preClose', async () => door.close())
  // A header every response gets from a hook, as the security headers are.
  app.addHook('onRequest', async (_request, reply) => {
    throughFastify++
    reply.header('X-Content-Type-Options', 'nosniff')
  })
  door.answer(registerAssetFiles(app, readAssetFiles(dir), '/assets/', IMMUTABLE))
  origin = await app.listen({ port: 0, host: '127.0.0.1' })
})

afterAll(async () => {
  await app?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A response as compared: everything but the moment it was sent and the socket's headers. */
function answer(res: RawResponse) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = res.headers
  return { status: res.status, headers, body: res.body.toString('base64') }
}

describe('the front door', () => {
  it('answers a file as Fastify did, once Fastify has sent one, in every encoding and for HEAD', async () => {
    const asks: RawRequestOptions[] = [
      { headers: {} },
      { headers: { 'accept-encoding': 'br, gzip' } },
      { headers: { 'accept-encoding': 'gzip' } },
      { headers: { 'accept-encoding': 'br' }, method: 'HEAD' },
    ]
    const first = []
    for (const ask of asks)
      first.push(answer(await rawRequest(`${origin}/assets/app-1a2b3c.js`, ask)))
    // The first three go through Fastify (the shared headers, then each copy's first compression);
    // the HEAD finds the brotli copy made.
    const fastifyCount = throughFastify
    expect(fastifyCount).toBe(3)
    expect(first[1]?.headers['content-encoding']).toBe('br')
    expect(first[1]?.headers['x-content-type-options']).toBe('nosniff')

    for (const [i, ask] of asks.entries()) {
      expect(answer(await rawRequest(`${origin}/assets/app-1a2b3c.js`, ask))).toEqual(first[i])
    }
    expect(throughFastify).toBe(fastifyCount)
  })

  it('answers a revalidation with 304, and a small file as it is', async () => {
    const full = await rawRequest(`${origin}/assets/tiny-4d5e6f.js`)
    const before = throughFastify
    const again = await rawRequest(`${origin}/assets/tiny-4d5e6f.js`, {
      headers: { 'if-none-match': String(full.headers.etag), 'accept-encoding': 'br' },
    })
    expect(again.status).toBe(304)
    expect(again.headers.etag).toBe(full.headers.etag)
    expect(again.headers['x-content-type-options']).toBe('nosniff')
    expect(again.body.length).toBe(0)
    const plain = await rawRequest(`${origin}/assets/tiny-4d5e6f.js`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe('export {}\n')
    expect(throughFastify).toBe(before)
  })

  it('leaves a name it does not know exactly, and other methods, to Fastify', async () => {
    const before = throughFastify
    expect((await rawRequest(`${origin}/assets/app-1a2b3c.js?v=2`)).status).toBe(200)
    expect((await rawRequest(`${origin}/assets/app%2D1a2b3c.js`)).status).toBe(200)
    expect((await rawRequest(`${origin}/assets/nope.js`)).status).toBe(404)
    expect((await rawRequest(`${origin}/assets/app-1a2b3c.js`, { method: 'POST' })).status).toBe(
      404,
    )
    expect(throughFastify).toBe(before + 4)
  })
})
