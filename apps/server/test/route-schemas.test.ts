// Every route of the real app declares its input (params, query string or body) with a schema,
// and a refused input is answered in the shape of the API it was sent to: PostgREST's, GoTrue's
// or Storage's, never Fastify's own body, never a 500.
import fs from 'node:fs/promises'
import path from 'node:path'
import type * as FastifyModule from 'fastify'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MIN_PASSWORD_LENGTH } from '../src/auth-api/passwords.js'
import { writeStandInBuild, type StandInBuild } from './support/stand-in-build.js'
import { startTestServer, type TestServer } from './support/test-server.js'

// Every route as the app registers it, seen through an onRoute hook on the instance buildApp
// creates.
const seen = vi.hoisted(() => ({ routes: [] as RouteOptions[] }))
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>()
  const create = ((opts?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(opts)
    app.addHook('onRoute', (route) => {
      seen.routes.push(route)
    })
    return app
  }) as typeof actual.default
  return { ...actual, default: Object.assign(create, actual.default) }
})

let build: StandInBuild
let server: TestServer

beforeAll(async () => {
  build = await writeStandInBuild()
  // A hashed asset and a plain public file, so both kinds of file route are registered too.
  await fs.writeFile(path.join(build.dist, 'assets', 'app-1a2b3c.js'), 'export {}\n')
  await fs.writeFile(path.join(build.dist, 'favicon.svg'), '<svg/>\n')
  server = await startTestServer({ env: { webDist: build.dist } })
})

afterAll(async () => {
  await server?.close()
  await build?.remove()
})

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method]
}

describe('declared route contracts', () => {
  it('every registered route declares its params, query string or body', () => {
    const urls = seen.routes.map((r) => r.url)
    // The app's routes of each kind are all there (the list is the real app's, not a subset).
    for (const url of [
      '/rest/v1/:table',
      '/rest/v1/rpc/:fn',
      '/storage/v1/object/list/:bucket',
      '/storage/v1/bucket/:id',
      '/storage/v1/upload/resumable/*',
      '/auth/v1/signup',
      '/auth/v1/token',
      '/healthz',
      '/sitemap.xml',
      '/robots.txt',
      '/',
      '/*',
      '/assets/app-1a2b3c.js',
      '/favicon.svg',
      '/events/:file',
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
    ]) {
      expect(urls).toContain(url)
    }
    const undeclared = seen.routes
      .filter((route) => {
        const schema = route.schema as Record<string, unknown> | undefined
        return !schema || !['params', 'querystring', 'body'].some((k) => schema[k] !== undefined)
      })
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`)
    expect(undeclared).toEqual([])
  })
})

async function send(pathname: string, init: RequestInit & { headers?: Record<string, string> }) {
  const res = await fetch(`${server.url}${pathname}`, init)
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() }
}

describe('a refused input is answered in its API’s own shape', () => {
  const anon = () => ({ apikey: server.keys.anonKey })
  const json = (body: unknown) => ({
    method: 'POST',
    headers: { ...anon(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

  it('REST: a limit that is not a whole number is PostgREST’s PGRST100', async () => {
    const res = await send('/rest/v1/episodes?select=id&limit=abc', { headers: anon() })
    expect(res.status).toBe(400)
    expect(res.type).toMatch(/^application\/json/)
    expect(res.body).toEqual({
      code: 'PGRST100',
      details: 'expecting a whole number from 0',
      hint: null,
      message: '"failed to parse limit parameter (abc)"',
    })
  })

  it('auth: a sign-up whose email is not text is GoTrue’s validation_failed', async () => {
    const res = await send('/auth/v1/signup', json({ email: 5, password: 'long enough pw' }))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'An email address is required',
    })
  })

  it('auth: a sign-up body that is not an object is validation_failed, versioned', async () => {
    const res = await send('/auth/v1/signup', {
      ...json(['fan@example.com']),
      headers: {
        ...anon(),
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'validation_failed',
      message: 'The request body must be a JSON object',
    })
  })

  it('auth: a short password keeps GoTrue’s 422 weak_password with its reasons', async () => {
    const res = await send('/auth/v1/signup', json({ email: 'fan@example.com', password: 'short' }))
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      weak_password: { reasons: ['length'] },
    })
  })

  it('auth: an unknown logout scope is validation_failed', async () => {
    const res = await send('/auth/v1/logout?scope=everyone', { method: 'POST', headers: anon() })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported logout scope "everyone"',
    })
  })

  it.each([
    [
      'prefixes that are not a list of names',
      'episode-1.mp4',
      'prefixes must be an array of strings',
    ],
    ['an empty list of prefixes', [], 'prefixes must hold between 1 and 1000 keys'],
  ])('storage: %s is Storage’s InvalidRequest', async (_what, prefixes, message) => {
    const res = await send('/storage/v1/object/media', {
      method: 'DELETE',
      headers: {
        apikey: server.keys.serviceRoleKey,
        authorization: `Bearer ${server.keys.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefixes }),
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'Invalid Input',
      message,
    })
  })

  it.each([
    ['GET', '/newsletter/confirm?list=fan_club_signups&id=1&id=2&token=abc'],
    ['GET', '/newsletter/confirm?list=everyone&id=1&token=abc'],
    ['POST', '/newsletter/unsubscribe?d=0x1&token=abc'],
    ['POST', '/newsletter/unsubscribe?d=1'],
  ])('newsletter links: %s %s is the page’s own “does not work” page', async (method, url) => {
    const res = await fetch(`${server.url}${url}`, { method })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const page = await res.text()
    expect(page).toContain('<h1>This link does not work</h1>')
    expect(page).not.toContain('FST_ERR_VALIDATION')
  })
})
