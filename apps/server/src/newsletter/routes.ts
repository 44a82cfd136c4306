// The newsletter's pages on the site's origin, plain server-rendered HTML with the site's colours
// that work without JavaScript (a form post is all they need):
//
// - GET /newsletter/confirm?list&id&token: "Confirm your address" with a button; the POST
//   confirms the sign-up (a link scanner's GET confirms nothing).
// - GET /newsletter/unsubscribe?d&token: "Unsubscribe?" with a button; the POST (from that button
//   or a mail client's RFC 8058 one-click POST, body `List-Unsubscribe=One-Click`) puts the
//   address on the suppression list, which every later send honours.
//
// The links are signed (tokens.ts). The POSTs count against the client address's limits in the
// database (migration 0031). A database that cannot answer is a 503 page, never a success.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Pool } from 'pg'
import { z } from 'zod'
import { requestClient } from '../db/fair-pool.js'
import { withTransaction } from '../db/transaction.js'
import { clientKey } from '../http/client-address.js'
import { escapeHtml } from '../http/escape-html.js'
import { queryWith, routeInputProblem, useRouteSchemas } from '../http/route-schemas.js'
import { SIGNUP_LISTS, type LinkSigner, type SignupList } from './tokens.js'

export interface NewsletterRouteOptions {
  /** The API pool's core lane (authenticator); the routes act as service_role. */
  pool: Pool
  signer: LinkSigner
  hashClient: (ip: string) => string
}

const SERVICE_ROLE = "select set_config('role', 'service_role', true)"
const FORM_LIMIT = 4096

const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#141a2e;' +
  'font:1.125rem/1.5 system-ui,sans-serif;color:#1b1b1f}' +
  'main{max-width:30rem;margin:1rem;padding:1.5rem 1.75rem;background:#f6efe2;' +
  'border-radius:.25rem;box-shadow:0 .5rem 1.5rem rgb(0 0 0 / .4)}' +
  'h1{margin:0 0 .5rem;color:#d7263d;font-size:1.75rem;text-transform:uppercase}' +
  'a{color:#1f6f78}button{font:inherit;font-weight:700;min-height:44px;padding:.75rem 1.25rem;' +
  'border:0;border-radius:.25rem;background:#d7263d;color:#fff;cursor:pointer}' +
  'button:focus-visible,a:focus-visible{outline:3px solid #f4c430;outline-offset:2px}'

interface Page {
  status: number
  title: string
  text: string
  /** A button that posts back to this very URL. */
  button?: string
}

function render(reply: FastifyReply, action: string, page: Page): FastifyReply {
  const form = page.button
    ? `<form method="post" action="${escapeHtml(action)}">` +
      '<input type="hidden" name="confirm" value="yes">' +
      `<button type="submit">${page.button}</button></form>`
    : '<p><a href="/">Back to Rent Due</a></p>'
  if (page.status === 429 || page.status === 503) reply.header('Retry-After', '60')
  return reply
    .code(page.status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<meta name="robots" content="noindex">' +
        `<title>${page.title} · Rent Due</title><style>${STYLE}</style></head>` +
        `<body><main><h1>${page.title}</h1><p>${page.text}</p>${form}</main></body></html>`,
    )
}

const PAGES = {
  badLink: {
    status: 400,
    title: 'This link does not work',
    text: 'It may have been cut short by your mail program. Open it again from the mail, or copy the whole link into your browser.',
  },
  busy: {
    status: 503,
    title: 'Back in a moment',
    text: 'We could not reach our records just now. Nothing was changed. Please try again in a minute.',
  },
  tooMany: {
    status: 429,
    title: 'One moment, please',
    text: 'Your connection has sent a lot of these at once. Please try again in a minute.',
  },
  confirmAsk: {
    status: 200,
    title: 'Confirm your address',
    text: 'One more step: confirm that this address wants mail from Rent Due.',
    button: 'Confirm my address',
  },
  confirmed: {
    status: 200,
    title: 'You’re confirmed',
    text: 'Thanks! Your address is confirmed. Every mail we send has a link to leave in one click.',
  },
  unsubscribeAsk: {
    status: 200,
    title: 'Unsubscribe?',
    text: 'Stop all Rent Due newsletters to this address.',
    button: 'Unsubscribe',
  },
  unsubscribed: {
    status: 200,
    title: 'You’re unsubscribed',
    text: 'You will get no more Rent Due newsletters at this address.',
  },
} satisfies Record<string, Page>

// What each page's link carries, declared for Fastify (docs/decisions/380). A link that does not
// fit (a parameter missing, repeated, too long or of the wrong form) is refused before the handler
// and answered with the "This link does not work" page, never Fastify's JSON; any other query
// parameter (a mail client's tracking tags) is accepted and ignored.
const LINK_TOKEN = z.string().min(1).max(200)
const ROW_ID = z.string().regex(/^[1-9][0-9]{0,17}$/)
const confirmQuery = queryWith({ list: z.enum(SIGNUP_LISTS), id: ROW_ID, token: LINK_TOKEN })
const unsubscribeQuery = queryWith({ d: ROW_ID, token: LINK_TOKEN })
// The buttons' urlencoded form or a mail client's RFC 8058 body, as the parsers below keep it
// (bounded, unread); a POST without a body is one-click too.
const formBody = z.string().max(FORM_LIMIT).optional()

const SIGNUP_EMAIL: Record<SignupList, string> = {
  fan_club_signups: 'select email from public.fan_club_signups where id = $1',
  merch_waitlist: 'select email from public.merch_waitlist where id = $1',
}
const CONFIRM: Record<SignupList, string> = {
  fan_club_signups:
    'update public.fan_club_signups set confirmed_at = coalesce(confirmed_at, now()) where id = $1',
  merch_waitlist:
    'update public.merch_waitlist set confirmed_at = coalesce(confirmed_at, now()) where id = $1',
}

class LimitReached extends Error {}

export async function registerNewsletterRoutes(
  app: FastifyInstance,
  opts: NewsletterRouteOptions,
): Promise<void> {
  const { pool, signer } = opts
  const tx = <T>(req: FastifyRequest, fn: Parameters<typeof withTransaction<T>>[1]) =>
    requestClient.run({ key: clientKey(req.ip), exempt: false }, () =>
      withTransaction(pool, fn, { prelude: [SERVICE_ROLE] }),
    )
  const takeLimit = async (
    c: Parameters<Parameters<typeof withTransaction>[1]>[0],
    req: FastifyRequest,
  ) => {
    const { rows } = await c.query<{ wait: number }>(
      'select api_limits.take_newsletter_unsubscribe($1) as wait',
      [opts.hashClient(req.ip)],
    )
    if ((rows[0]?.wait ?? 0) > 0) throw new LimitReached()
  }
  /** The page of a failure: a limit, or the database away (logged without the URL's token). */
  const failure = (req: FastifyRequest, reply: FastifyReply, e: unknown) => {
    if (e instanceof LimitReached) return render(reply, req.url, PAGES.tooMany)
    req.log.warn(`newsletter: ${(e as Error).message}`)
    return render(reply, req.url, PAGES.busy)
  }

  await app.register(async (scope) => {
    // The buttons post urlencoded forms; RFC 8058 allows a mail client multipart too. The body
    // says nothing the signed URL does not: it is read (bounded) and not needed.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: FORM_LIMIT },
        (_req, body, done) => done(null, body),
      )
    }
    useRouteSchemas(scope)
    scope.setErrorHandler((error: { statusCode?: number }, req, reply) => {
      const status = error.statusCode ?? 500
      // A link the route's schema refused, or a body no parser takes: the page's own message.
      if (routeInputProblem(error) || (status >= 400 && status < 500)) {
        return render(reply, '/', PAGES.badLink)
      }
      return failure(req, reply, error)
    })

    const routes = scope.withTypeProvider<ZodTypeProvider>()
    routes.get('/newsletter/confirm', { schema: { querystring: confirmQuery } }, (req, reply) =>
      render(reply, req.url, PAGES.confirmAsk),
    )
    routes.post(
      '/newsletter/confirm',
      { schema: { querystring: confirmQuery, body: formBody } },
      async (req, reply) => {
        const target = req.query
        try {
          const ok = await tx(req, async (c) => {
            await takeLimit(c, req)
            const { rows } = await c.query<{ email: string }>(SIGNUP_EMAIL[target.list], [
              target.id,
            ])
            const email = rows[0]?.email
            if (email === undefined) return false
            if (!signer.matches(target.token, signer.confirmToken(target.list, target.id, email))) {
              return false
            }
            await c.query(CONFIRM[target.list], [target.id])
            // Signing up again and confirming is asking for mail again.
            await c.query(
              `delete from public.newsletter_suppressions
              where address = lower($1) and reason = 'unsubscribed'`,
              [email],
            )
            return true
          })
          return render(reply, req.url, ok ? PAGES.confirmed : PAGES.badLink)
        } catch (e) {
          return failure(req, reply, e)
        }
      },
    )

    routes.get(
      '/newsletter/unsubscribe',
      { schema: { querystring: unsubscribeQuery } },
      (req, reply) => render(reply, req.url, PAGES.unsubscribeAsk),
    )
    routes.post(
      '/newsletter/unsubscribe',
      { schema: { querystring: unsubscribeQuery, body: formBody } },
      async (req, reply) => {
        const target = { delivery: req.query.d, token: req.query.token }
        try {
          const ok = await tx(req, async (c) => {
            await takeLimit(c, req)
            const { rows } = await c.query<{ address: string; send_id: string }>(
              'select address, send_id from public.newsletter_deliveries where id = $1',
              [target.delivery],
            )
            const row = rows[0]
            if (!row) return false
            if (
              !signer.matches(target.token, signer.unsubscribeToken(target.delivery, row.address))
            ) {
              return false
            }
            await c.query(
              `insert into public.newsletter_suppressions (address, reason, send_id)
             values ($1, 'unsubscribed', $2) on conflict (address) do nothing`,
              [row.address, row.send_id],
            )
            return true
          })
          return render(reply, req.url, ok ? PAGES.unsubscribed : PAGES.badLink)
        } catch (e) {
          return failure(req, reply, e)
        }
      },
    )
  })
}
