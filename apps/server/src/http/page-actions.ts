// Forms the browser posts itself (decision 300): a page's form sent before the page is live, or
// without JavaScript, arrives here as a POST to the page's path with a urlencoded body. This module
// checks the post and hands it on; the page is then rendered by the web build's own route action
// and components (static-site.ts, server-render.ts): the action validates the fields with the
// form's zod schema and inserts the row as anon through this very app, in-process and as the
// visitor's address, so row level security and the per-address row limits in PostgreSQL decide.
//
// What is refused before anything is rendered, each with a short page of its own:
// - a post from another site (403): otherwise any site could make a fan's browser sign them up.
//   `Sec-Fetch-Site` other than same-origin, or an `Origin` that is not the site's own (SITE_URL),
//   never compared with Host;
// - a body that is not a small urlencoded form (400, 415): at most FORM_BODY_LIMIT bytes,
//   FORM_MAX_FIELDS fields, FORM_MAX_FIELD_LENGTH characters a field;
// - more renders of posts than a fair share (429 per address, 503 for the process), each with
//   Retry-After: a post is rendered anew every time, never from a cache.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { plainPage } from './busy-page.js'
import { clientKey } from './client-address.js'
import { matchesPrefix } from './cors.js'
import { z } from 'zod'
import { anyQuery, wildcardParams } from './route-schemas.js'

/** The largest form body: the contact form's 5,000-character comment, encoded, fits. */
export const FORM_BODY_LIMIT = 48 * 1024
/** Fields in one form: the team application has nine, with the form's own hidden fields. */
export const FORM_MAX_FIELDS = 20
/** Characters in one field's name or value (the longest, the contact comment, is 5,000). */
export const FORM_MAX_FIELD_LENGTH = 6000
/** Posts one address may have rendering at once, and the process in all. */
export const POSTS_PER_CLIENT = 2
export const POSTS_IN_ALL = 16

export interface PageActionsOptions {
  /** The site's public origin (SITE_URL): the only Origin a form may be posted from. */
  siteUrl?: string
  apiPrefixes: readonly string[]
  /** Renders the page at the post's path with this form's outcome and sends it. */
  send(request: FastifyRequest, reply: FastifyReply, form: URLSearchParams): Promise<unknown>
}

/** The post's fields, or why they are refused. Linear in the body, which Fastify bounded. */
export function parseFormBody(body: string): URLSearchParams | string {
  let separators = 0
  for (let i = body.indexOf('&'); i !== -1; i = body.indexOf('&', i + 1)) {
    separators += 1
    if (separators >= FORM_MAX_FIELDS) return `a form has at most ${FORM_MAX_FIELDS} fields`
  }
  const form = new URLSearchParams(body)
  for (const [name, value] of form) {
    if (name.length > FORM_MAX_FIELD_LENGTH || value.length > FORM_MAX_FIELD_LENGTH) {
      return `a form field has at most ${FORM_MAX_FIELD_LENGTH} characters`
    }
  }
  return form
}

/** Why a post is not the site's own, or undefined when it is. */
export function crossSiteRefusal(request: FastifyRequest, siteUrl?: string): string | undefined {
  const fetchSite = request.headers['sec-fetch-site']
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return `the browser says it was sent from ${fetchSite === 'same-site' ? 'a sibling site' : 'another site'}`
  }
  const origin = request.headers.origin
  if (origin === undefined) return undefined
  if (!siteUrl || origin !== new URL(siteUrl).origin) return 'it was sent from another origin'
  return undefined
}

const REFUSALS = {
  403: {
    title: 'This form came from another site',
    text: 'Forms on Rent Due are only taken from Rent Due’s own pages. Nothing was stored.',
  },
  400: {
    title: 'This form could not be read',
    text: 'It was too large or not a form of ours. Nothing was stored.',
  },
  415: {
    title: 'This form could not be read',
    text: 'It was not sent as a plain web form. Nothing was stored.',
  },
  429: {
    title: 'One moment, please',
    text: 'Your connection is sending forms faster than we take them. Please try again in a few seconds.',
  },
  503: {
    title: 'Back in a moment',
    text: 'The site is busy. Please try again in a few seconds. Nothing was stored.',
  },
} as const

/** A short page that says why a post was refused, with a way back. Fixed texts only. */
export function refusalPage(status: keyof typeof REFUSALS): string {
  const { title, text } = REFUSALS[status]
  return plainPage(title, text, { href: '/', label: 'Back to Rent Due' })
}

function refuse(reply: FastifyReply, status: keyof typeof REFUSALS): FastifyReply {
  if (status === 429 || status === 503) reply.header('Retry-After', '5')
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(refusalPage(status))
}

function isPagePath(url: string, apiPrefixes: readonly string[]): boolean {
  const pathname = url.split('?', 1)[0] ?? '/'
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return (
    !matchesPrefix(pathname, [...apiPrefixes]) &&
    !pathname.startsWith('/assets/') &&
    !lastSegment.includes('.')
  )
}

export async function registerPageActions(
  app: FastifyInstance,
  opts: PageActionsOptions,
): Promise<void> {
  const rendering = new Map<string, number>()
  let inAll = 0

  await app.register(async (scope) => {
    // Only these routes read urlencoded bodies: the API answers them as before.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    )
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500
      if (status === 415) return refuse(reply, 415)
      if (status >= 400 && status < 500) return refuse(reply, 400)
      request.log.error({ err: error }, 'a form post failed')
      return refuse(reply, 503)
    })

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isPagePath(request.url, opts.apiPrefixes)) return reply.callNotFound()
      if (crossSiteRefusal(request, opts.siteUrl)) return refuse(reply, 403)
      if (typeof request.body !== 'string') return refuse(reply, 415)
      const form = parseFormBody(request.body)
      if (typeof form === 'string') return refuse(reply, 400)

      const client = clientKey(request.ip)
      const mine = rendering.get(client) ?? 0
      if (inAll >= POSTS_IN_ALL) return refuse(reply, 503)
      if (mine >= POSTS_PER_CLIENT) return refuse(reply, 429)
      rendering.set(client, mine + 1)
      inAll += 1
      try {
        return await opts.send(request, reply, form)
      } finally {
        inAll -= 1
        const left = (rendering.get(client) ?? 1) - 1
        if (left > 0) rendering.set(client, left)
        else rendering.delete(client)
      }
    }
    // The form's text as the parser above kept it; any other body is refused by the handler
    // with its own 415 page, so the schema leaves the body's type to it.
    const schema = { querystring: anyQuery, body: z.unknown() }
    scope.post('/', { schema }, handler)
    scope.post('/*', { schema: { ...schema, params: wildcardParams } }, handler)
  })
}
