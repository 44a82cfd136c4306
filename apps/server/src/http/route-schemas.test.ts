import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { anyQuery, routeInputProblem, useRouteSchemas } from './route-schemas.js'

async function answer(url: string, body?: Record<string, unknown>) {
  const app = Fastify()
  useRouteSchemas(app)
  app.setErrorHandler((error, _req, reply) =>
    reply.code(400).send({ problem: routeInputProblem(error) ?? null }),
  )
  const schema = {
    querystring: z.object({ n: z.string().regex(/^\d+$/, 'must be digits') }).catchall(z.string()),
    body: z
      .object({
        name: z.string().superRefine((v, ctx) => {
          if (v === '') ctx.addIssue({ code: 'custom', message: 'empty', params: { tag: 'own' } })
        }),
      })
      .nullable(),
  }
  app.post('/check', { schema }, (req) => ({ query: req.query, body: req.body }))
  app.get('/open', { schema: { querystring: anyQuery } }, (req) => ({ query: req.query }))
  try {
    const res = await app.inject({ method: body === undefined ? 'GET' : 'POST', url, body })
    return { status: res.statusCode, json: res.json() as unknown }
  } finally {
    await app.close()
  }
}

describe('routeInputProblem', () => {
  it('names the part, the path and the words of the first failed check', async () => {
    expect(await answer('/check?n=x', { name: 'a' })).toEqual({
      status: 400,
      json: { problem: { part: 'querystring', path: '/n', message: 'must be digits', params: {} } },
    })
  })

  it('keeps what a check attached to its issue', async () => {
    expect(await answer('/check?n=1', { name: '' })).toEqual({
      status: 400,
      json: { problem: { part: 'body', path: '/name', message: 'empty', params: { tag: 'own' } } },
    })
  })

  it('leaves other errors to the handler', () => {
    expect(routeInputProblem(new Error('boom'))).toBeUndefined()
    expect(routeInputProblem(null)).toBeUndefined()
  })

  it('an open query string takes repeated and unknown parameters unchanged', async () => {
    expect(await answer('/open?r=home&tag=a&tag=b')).toEqual({
      status: 200,
      json: { query: { r: 'home', tag: ['a', 'b'] } },
    })
  })
})
