// POST (and GET/HEAD) /rest/v1/rpc/<function>: the JSON object's keys are named arguments; a
// function with one unnamed json/jsonb parameter takes the whole body instead (sql-builder.ts
// chooseFunction). Only functions of the exposed schema are found; EXECUTE grants are Postgres's
// to enforce. Row results
// are a JSON array (an object for a single composite), scalars their JSON value, void → 204.
import { execute } from './execute.js'
import { hasPatternFilter } from './pattern-gate.js'
import {
  applyRangeHeader,
  parseCondition,
  parseQueryString,
  type FilterNode,
} from './query-params.js'
import { isPlainObject } from '../http/json-body.js'
import { appliedPreferences, parseAccept, parsePrefer } from './request-options.js'
import { RestError, singleObjectError } from './rest-error.js'
import {
  contentRange,
  JSON_TYPE,
  OBJECT_TYPE,
  rangeStatus,
  readJsonBody,
  singleFromArray,
  transactionEnd,
  type RestContext,
  type RestReply,
} from './rest-context.js'
import { buildRpc, chooseFunction } from './sql-builder.js'

export async function callFunction(ctx: RestContext, name: string): Promise<RestReply> {
  const spec = parseQueryString(ctx.search)
  const rangeHeader = ctx.headers['range']
  applyRangeHeader(spec, Array.isArray(rangeHeader) ? rangeHeader[0] : rangeHeader)
  const prefs = parsePrefer(ctx.headers['prefer'])
  const media = parseAccept(ctx.headers['accept'])
  const readOnly = ctx.method === 'GET' || ctx.method === 'HEAD'
  const candidates = await ctx.catalog.functions(name)
  const argNames = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)))
  argNames.delete('')

  let args: Record<string, unknown>
  const filters: FilterNode[] = [...spec.filters]
  if (readOnly) {
    // GET passes arguments as query parameters; the other parameters filter the result.
    args = {}
    for (const [key, value] of spec.rawFilters) {
      if (argNames.has(key)) args[key] = value
      else filters.push(parseCondition(key, value))
    }
  } else {
    const payload = ctx.body === undefined || ctx.body.trim() === '' ? {} : readJsonBody(ctx.body)
    if (!isPlainObject(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
    args = payload
    for (const [key, value] of spec.rawFilters) filters.push(parseCondition(key, value))
  }
  const keys = Object.keys(args)
  const fn = chooseFunction(candidates, keys, name, ctx.catalog.schema, !readOnly)
  const offset = spec.offset ?? 0
  const cache = await ctx.catalog.get()
  const tx = transactionEnd(ctx.txEnd, prefs.tx)
  const stmt = buildRpc(fn, cache.castTypes, {
    argsJson: fn.wholeBody && ctx.body?.trim() ? ctx.body : JSON.stringify(args),
    keys,
    select: spec.select,
    filters,
    order: spec.order,
    limit: spec.limit,
    offset,
    count: prefs.count !== undefined,
    shape: { body: ctx.method !== 'HEAD', stripNulls: media.stripNulls },
  })
  const row = await execute(ctx.pool, ctx.identity, stmt, {
    method: ctx.method,
    path: ctx.path,
    headers: ctx.headerJson,
    readOnly,
    ipHash: ctx.ipHash,
    rollback: tx.rollback,
    patterns: hasPatternFilter(filters),
  })
  const headers: Record<string, string> = {}
  const applied = appliedPreferences(prefs, tx.honoured ? ['count', 'tx'] : ['count'])
  if (applied) headers['preference-applied'] = applied
  if (fn.returns === 'void') {
    return { status: 204, headers, body: null }
  }
  const count = row.total === null || prefs.count === undefined ? null : Number(row.total)
  headers['content-range'] = contentRange(offset, row.page_total, count)
  const body = row.body
  if (fn.returns === 'rows' && (!fn.returnsSet || media.single)) {
    // A function returning one composite value answers with the object itself.
    if (media.single && row.page_total !== 1) throw singleObjectError(row.page_total)
    headers['content-type'] = media.single ? OBJECT_TYPE : JSON_TYPE
    const obj = row.page_total === 0 ? 'null' : singleFromArray(body ?? '[]')
    return { status: 200, headers, body: ctx.method === 'HEAD' ? null : obj }
  }
  headers['content-type'] = JSON_TYPE
  const status = fn.returns === 'rows' ? rangeStatus(offset, row.page_total, count) : 200
  return { status, headers, body: ctx.method === 'HEAD' ? null : (body ?? 'null') }
}
