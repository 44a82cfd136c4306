// GET/HEAD/POST/PATCH/DELETE on /rest/v1/<table or view>: parse, resolve names against the
// catalog, build one statement, run it as the caller, and shape the answer the way PostgREST does
// (statuses, Content-Range, empty bodies for return=minimal).
import type { RelationInfo, SchemaCache } from './catalog.js'
import { execute, type ResultRow } from './execute.js'
import { hasPatternFilter } from './pattern-gate.js'
import {
  applyRangeHeader,
  columnFilters,
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
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  type CastTypes,
  type Shape,
  type Statement,
} from './sql-builder.js'

/** Supabase's default `max_rows`: a GET never returns more rows than this in one page. */
export const MAX_ROWS = 1000

function suggestion(name: string, names: Iterable<string>): string | null {
  let best: string | null = null
  let bestScore = Infinity
  for (const candidate of names) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (d < bestScore) {
      best = candidate
      bestScore = d
    }
  }
  return best !== null && bestScore <= Math.max(2, Math.floor(name.length / 3)) ? best : null
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] as number
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        prev + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
      prev = tmp
    }
  }
  return row[b.length] as number
}

export async function resolveRelation(ctx: RestContext, name: string): Promise<RelationInfo> {
  const rel = await ctx.catalog.relation(name)
  if (rel) return rel
  const schema = ctx.catalog.schema
  const near = suggestion(name, (await ctx.catalog.get()).relations.keys())
  throw new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    near ? `Perhaps you meant the table '${schema}.${near}'` : null,
  )
}

/**
 * Builds against the cached catalog; a name the cache does not know may be new (a migration
 * ran), so on such a miss the catalog is re-read once and the statement rebuilt.
 */
export async function buildFresh(
  ctx: RestContext,
  name: string,
  build: (rel: RelationInfo, casts: CastTypes) => Statement,
): Promise<Statement> {
  const rel = await resolveRelation(ctx, name)
  const cache: SchemaCache = await ctx.catalog.get()
  try {
    return build(rel, cache.castTypes)
  } catch (e) {
    if (!(e instanceof RestError) || !['42703', 'PGRST204', '42704'].includes(e.code)) throw e
    const fresh = await ctx.catalog.refresh()
    const freshRel = fresh.relations.get(name)
    if (!freshRel || fresh === cache) throw e
    return build(freshRel, fresh.castTypes)
  }
}

function total(row: ResultRow): number | null {
  return row.total === null ? null : Number(row.total)
}

export async function readTable(ctx: RestContext, name: string): Promise<RestReply> {
  const spec = parseQueryString(ctx.search)
  const rangeHeader = ctx.headers['range']
  applyRangeHeader(spec, Array.isArray(rangeHeader) ? rangeHeader[0] : rangeHeader)
  const prefs = parsePrefer(ctx.headers['prefer'])
  const media = parseAccept(ctx.headers['accept'])
  const head = ctx.method === 'HEAD'
  const offset = spec.offset ?? 0
  const limit = spec.limit === undefined ? MAX_ROWS : Math.min(spec.limit, MAX_ROWS)
  const filters = [...spec.filters, ...columnFilters(spec)]
  const stmt = await buildFresh(ctx, name, (rel, casts) =>
    buildRead(rel, casts, {
      select: spec.select,
      filters,
      order: spec.order,
      limit,
      offset,
      count: prefs.count !== undefined,
      shape: { body: !head, stripNulls: media.stripNulls },
    }),
  )
  const row = await execute(ctx.pool, ctx.identity, stmt, {
    method: ctx.method,
    path: ctx.path,
    headers: ctx.headerJson,
    readOnly: true,
    ipHash: ctx.ipHash,
    patterns: hasPatternFilter(filters),
  })
  const count = total(row)
  const headers: Record<string, string> = {
    'content-range': contentRange(offset, row.page_total, count),
    'content-type': media.single ? OBJECT_TYPE : JSON_TYPE,
  }
  const applied = appliedPreferences(prefs, ['count'])
  if (applied) headers['preference-applied'] = applied
  if (media.single) {
    if (row.page_total !== 1) throw singleObjectError(row.page_total)
    return { status: 200, headers, body: head ? null : singleFromArray(row.body ?? '[]') }
  }
  const status = rangeStatus(offset, row.page_total, count)
  return { status, headers, body: head ? null : (row.body ?? '[]') }
}

interface WriteParts {
  stmt: Statement
  /** The write's filters (update, delete), for the pattern cap. */
  filters?: FilterNode[]
  shape: Shape
  single: boolean
  prefs: ReturnType<typeof parsePrefer>
}

async function runWrite(ctx: RestContext, parts: WriteParts): Promise<ResultRow> {
  return execute(ctx.pool, ctx.identity, parts.stmt, {
    method: ctx.method,
    path: ctx.path,
    headers: ctx.headerJson,
    readOnly: false,
    ipHash: ctx.ipHash,
    rollback: transactionEnd(ctx.txEnd, parts.prefs.tx).rollback,
    patterns: parts.filters !== undefined && hasPatternFilter(parts.filters),
    // PostgREST undoes a write whose result cannot be the single object the client asked for.
    check: parts.single
      ? (row) => {
          if (row.page_total !== 1) throw singleObjectError(row.page_total)
        }
      : undefined,
  })
}

function writeReply(
  ctx: RestContext,
  parts: WriteParts,
  row: ResultRow,
  status: number,
  range: string,
  honoured: (keyof WriteParts['prefs'])[],
): RestReply {
  const headers: Record<string, string> = { 'content-range': range }
  const txHonoured = transactionEnd(ctx.txEnd, parts.prefs.tx).honoured
  const applied = appliedPreferences(
    parts.prefs,
    honoured.filter((k) => k !== 'tx' || txHonoured),
  )
  if (applied) headers['preference-applied'] = applied
  if (!parts.shape.body) return { status, headers, body: null }
  headers['content-type'] = parts.single ? OBJECT_TYPE : JSON_TYPE
  const body = row.body ?? '[]'
  return { status, headers, body: parts.single ? singleFromArray(body) : body }
}

function writeShape(ctx: RestContext): { shape: Shape; single: boolean } {
  const prefs = parsePrefer(ctx.headers['prefer'])
  const media = parseAccept(ctx.headers['accept'])
  // Rows are shown only on return=representation; a bare ?select still answers minimally.
  const body = prefs.return === 'representation'
  return { shape: { body, stripNulls: media.stripNulls }, single: media.single && body }
}

export async function insertRows(ctx: RestContext, name: string): Promise<RestReply> {
  const spec = parseQueryString(ctx.search)
  const prefs = parsePrefer(ctx.headers['prefer'])
  const { shape, single } = writeShape(ctx)
  const payload = readJsonBody(ctx.body)
  let rows: Record<string, unknown>[]
  let rowsJson: string
  if (Array.isArray(payload)) {
    if (!payload.every(isPlainObject)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
    rows = payload
    rowsJson = ctx.body as string
  } else if (isPlainObject(payload)) {
    rows = [payload]
    rowsJson = `[${ctx.body as string}]`
  } else {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
  let columns = spec.columns
  if (!columns) {
    const first = Object.keys(rows[0] ?? {})
    const same = rows.every((r) => {
      const keys = Object.keys(r)
      return keys.length === first.length && keys.every((k) => first.includes(k))
    })
    if (!same) throw new RestError(400, 'PGRST102', 'All object keys must match')
    columns = first
  }
  const upsert = prefs.resolution
    ? {
        resolution:
          prefs.resolution === 'ignore-duplicates' ? ('ignore' as const) : ('merge' as const),
        onConflict: spec.onConflict,
      }
    : undefined
  const stmt = await buildFresh(ctx, name, (rel, casts) =>
    buildInsert(rel, casts, {
      rowsJson,
      columns: columns ?? [],
      missingDefault: prefs.missing === 'default',
      upsert,
      select: spec.select,
      shape,
    }),
  )
  const parts: WriteParts = { stmt, shape, single, prefs }
  const row =
    rows.length === 0
      ? { total: null, page_total: 0, inserted: null, body: '[]' }
      : await runWrite(ctx, parts)
  const count = prefs.count ? String(row.page_total) : '*'
  // PostgREST: an upsert that merged and inserted nothing answers 200, anything else 201.
  const status =
    prefs.resolution === 'merge-duplicates' && row.inserted !== null && Number(row.inserted) <= 0
      ? 200
      : 201
  return writeReply(ctx, parts, row, status, `*/${count}`, [
    'return',
    'count',
    'resolution',
    'missing',
    'tx',
  ])
}

export async function updateRows(ctx: RestContext, name: string): Promise<RestReply> {
  const spec = parseQueryString(ctx.search)
  const prefs = parsePrefer(ctx.headers['prefer'])
  const { shape, single } = writeShape(ctx)
  const payload = readJsonBody(ctx.body)
  if (!isPlainObject(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  const columns = spec.columns ?? Object.keys(payload)
  const filters = [...spec.filters, ...columnFilters(spec)]
  if (columns.length === 0) {
    // Nothing to change: PostgREST answers without touching the table.
    const parts: WriteParts = { stmt: { text: '', values: [] }, shape, single: false, prefs }
    return writeReply(
      ctx,
      parts,
      { total: null, page_total: 0, inserted: null, body: '[]' },
      shape.body ? 200 : 204,
      '*/*',
      [],
    )
  }
  const stmt = await buildFresh(ctx, name, (rel, casts) =>
    buildUpdate(rel, casts, {
      bodyJson: JSON.stringify(payload),
      columns,
      filters,
      order: spec.order,
      select: spec.select,
      shape,
    }),
  )
  const parts: WriteParts = { stmt, filters, shape, single, prefs }
  const row = await runWrite(ctx, parts)
  const range = contentRange(0, row.page_total, prefs.count ? row.page_total : null)
  return writeReply(ctx, parts, row, shape.body ? 200 : 204, range, ['return', 'count', 'tx'])
}

export async function deleteRows(ctx: RestContext, name: string): Promise<RestReply> {
  const spec = parseQueryString(ctx.search)
  const prefs = parsePrefer(ctx.headers['prefer'])
  const { shape, single } = writeShape(ctx)
  const filters = [...spec.filters, ...columnFilters(spec)]
  const stmt = await buildFresh(ctx, name, (rel, casts) =>
    buildDelete(rel, casts, { filters, order: spec.order, select: spec.select, shape }),
  )
  const parts: WriteParts = { stmt, filters, shape, single, prefs }
  const row = await runWrite(ctx, parts)
  const count = prefs.count ? String(row.page_total) : '*'
  return writeReply(ctx, parts, row, shape.body ? 200 : 204, `*/${count}`, [
    'return',
    'count',
    'tx',
  ])
}
