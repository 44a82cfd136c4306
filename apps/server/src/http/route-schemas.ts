// The pieces every route's declared schema is built from (docs/decisions/380). Routes declare
// their params, query string and body with zod; whatever registers them (each API plugin, the
// static site, the health check) installs fastify-type-provider-zod's validator first
// (useRouteSchemas), and each API's error handler turns a failed check into its own error shape
// through routeInputProblem(), so a client never sees Fastify's default body.
import type { FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * Makes `app` (and what it registers) check route schemas written in zod. Each plugin calls it
 * itself, so it works the same inside the whole app and on its own (as tests register it).
 */
export function useRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler)
}

/** One query parameter as Fastify parses it: given once (a string) or repeated (an array). */
export const queryValue = z.union([z.string(), z.array(z.string())])

/**
 * Any query string. Pages get arbitrary ones (?r=…, campaign tags), supabase-js adds its own
 * (apikey, cache busters), so a route that reads none still accepts them all.
 */
export const anyQuery = z.record(z.string(), queryValue)

/** A query string whose named parameters are declared; any others are still accepted. */
export function queryWith<T extends Record<string, z.ZodType>>(shape: T) {
  return z.object(shape).catchall(queryValue)
}

/** The rest of the path after a route's `*`, still percent-encoded as the handler reads it. */
export const wildcardParams = z.object({ '*': z.string() })

/** A body no content-type parser has read: the handler streams or reads it itself. */
export const unreadBody = z.null().optional()

export interface RouteInputProblem {
  /** Which part failed: body, querystring, params or headers. */
  part: string
  /** The JSON path of the first failing value inside that part, '' for the part itself. */
  path: string
  message: string
  /** What the check attached to its issue (an API's own error, for instance). */
  params: Record<string, unknown>
}

interface FastifyValidationError {
  code?: string
  validation?: unknown
  validationContext?: string
}

/**
 * The first failed check of a request that a route schema refused, or undefined for any other
 * error. Only the first is answered, as the APIs themselves report one problem at a time.
 */
export function routeInputProblem(error: unknown): RouteInputProblem | undefined {
  const e = error as FastifyValidationError | null
  if (e === null || typeof e !== 'object' || e.code !== 'FST_ERR_VALIDATION') return undefined
  const part = e.validationContext ?? 'request'
  if (!hasZodFastifySchemaValidationErrors(e)) {
    return { part, path: '', message: 'is invalid', params: {} }
  }
  const first = e.validation[0]
  const issueParams = (first?.params as { params?: Record<string, unknown> } | undefined)?.params
  return {
    part,
    path: first?.instancePath === '/' ? '' : (first?.instancePath ?? ''),
    message: first?.message ?? 'is invalid',
    params: issueParams ?? {},
  }
}

/** `querystring/limit`-style words naming where a problem is, for an error message. */
export function problemPlace(problem: RouteInputProblem): string {
  return `${problem.part}${problem.path}`
}
