// Turns a parsed request into ONE parametrized statement. This is the only module that assembles
// REST statements from parts (ESLint refuses SQL built by concatenation or interpolation anywhere
// else in the server): its fixed words, identifiers and types from the catalog (Ident, SqlType),
// and bind parameters for every value, JSON keys and aliases included. The JSON is built by
// Postgres (json_agg) so numbers, dates and ranges read exactly as PostgREST writes them. Every
// statement returns one row: total (count=exact or null), page_total, inserted (upserts) and body
// (json text or null).
//
// Before any SQL exists, each filter's operator is checked against the column's type (an operator
// that does not exist for it is a 400 here, never a SQL error), and each order column must sort.
import {
  normaliseTypeName,
  type ColumnInfo,
  type FunctionArg,
  type FunctionInfo,
  type RelationInfo,
} from './catalog.js'
import type { Condition, FilterNode, OrderTerm, SelectItem } from './query-params.js'
import { RestError } from './rest-error.js'
import type { Ident, SqlType } from './sql-names.js'

export interface Statement {
  text: string
  values: unknown[]
}

/** A column a statement may name: a table's, or a function result's. */
interface NamedColumn {
  name: string
  ident: Ident
  type: SqlType
}

/** The columns a statement may name, and the cast types a select may use. */
export interface Columns {
  /** Name used in messages (`column <label>.<col> does not exist`). */
  label: string
  get(name: string): NamedColumn | undefined
  /** In catalog order, for `*` next to other items. */
  all(): NamedColumn[]
}

/** The cast targets of the schema cache (catalog.ts castTypes), by normalised name. */
export type CastTypes = ReadonlyMap<string, SqlType>

export function relationColumns(rel: RelationInfo): Columns {
  return {
    label: rel.name,
    get: (n) => rel.columns.get(n),
    all: () => [...rel.columns.values()],
  }
}

class Params {
  readonly values: unknown[] = []
  add(v: unknown): string {
    this.values.push(v)
    return `$${this.values.length}`
  }
  /** A text parameter Postgres cannot mistake for another type (json_build_object keys). */
  text(v: string): string {
    return `${this.add(v)}::text`
  }
}

function undefinedColumn(cols: Columns, name: string): RestError {
  return new RestError(400, '42703', `column ${cols.label}.${name} does not exist`)
}

function column(cols: Columns, name: string): NamedColumn {
  const c = cols.get(name)
  if (!c) throw undefinedColumn(cols, name)
  return c
}

function ref(alias: string, c: NamedColumn): string {
  return `${alias}.${c.ident.sql}`
}

function notApplicable(what: string, cols: Columns, c: NamedColumn, needs: string): RestError {
  return new RestError(
    400,
    'PGRST100',
    `"failed to parse filter (${what})"`,
    `${what} needs ${needs}; column ${cols.label}.${c.name} is ${c.type.sql}`,
  )
}

const COMPARATORS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}

const FTS_FUNCTIONS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

function conditionSql(c: Condition, alias: string, cols: Columns, p: Params): string {
  const col = column(cols, c.column)
  const t = col.type.info
  const r = ref(alias, col)
  const what = `${c.op}${c.quantifier ? `(${c.quantifier})` : ''}`
  const need = (ok: boolean, needs: string) => {
    if (!ok) throw notApplicable(what, cols, col, needs)
  }
  let sql: string
  switch (c.op) {
    case 'is': {
      const v = c.value as string
      if (v !== 'null') need(t.category === 'B', 'a boolean column')
      sql = `${r} is ${v === 'null' ? 'null' : v === 'true' ? 'true' : v === 'false' ? 'false' : 'unknown'}`
      break
    }
    case 'in':
      need(t.equality, 'a column whose type has equality')
      sql = `${r} = any(${p.add(c.value)})`
      break
    case 'eq':
    case 'neq':
    case 'isdistinct':
      need(t.equality, 'a column whose type has equality')
      sql = quantified(r, COMPARATORS[c.op] as string, c, p, c.value as string)
      break
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      need(t.sortable, 'a column whose type can be ordered')
      sql = quantified(r, COMPARATORS[c.op] as string, c, p, c.value as string)
      break
    case 'like':
    case 'ilike':
      need(t.category === 'S', 'a text column')
      sql = quantified(
        r,
        COMPARATORS[c.op] as string,
        c,
        p,
        (c.value as string).replace(/\*/g, '%'),
      )
      break
    case 'match':
    case 'imatch':
      need(t.category === 'S', 'a text column')
      sql = quantified(r, COMPARATORS[c.op] as string, c, p, c.value as string)
      break
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      need(t.textSearch, 'a tsvector or text column')
      const fn = FTS_FUNCTIONS[c.op] as string
      const config = c.language === undefined ? '' : `${p.add(c.language)}::regconfig, `
      sql = `${r} @@ ${fn}(${config}${p.add(c.value)}::text)`
      break
    }
    case 'cs':
    case 'cd':
      need(t.containment, 'an array, range or jsonb column')
      sql = `${r} ${COMPARATORS[c.op]} ${p.add(c.value)}`
      break
    case 'ov':
      need(t.array || t.range, 'an array or range column')
      sql = `${r} && ${p.add(c.value)}`
      break
    case 'sl':
    case 'sr':
    case 'nxr':
    case 'nxl':
    case 'adj':
      need(t.range, 'a range column')
      sql = `${r} ${COMPARATORS[c.op]} ${p.add(c.value)}`
      break
  }
  return c.negate ? `not (${sql})` : sql
}

/** `col op $n`, or with a quantifier `col op any($n)` where $n is an array literal `{a,b}`. */
function quantified(r: string, op: string, c: Condition, p: Params, value: string): string {
  if (c.quantifier === undefined) return `${r} ${op} ${p.add(value)}`
  return `${r} ${op} ${c.quantifier === 'all' ? 'all' : 'any'}(${p.add(value)})`
}

/** The WHERE of a filter list, built with an explicit stack (trees are bounded, but never recurse). */
function whereSql(filters: FilterNode[], alias: string, cols: Columns, p: Params): string {
  if (filters.length === 0) return ''
  const parts = filters.map((f) => nodeSql(f, alias, cols, p))
  return ' where ' + parts.join(' and ')
}

function nodeSql(root: FilterNode, alias: string, cols: Columns, p: Params): string {
  if (root.kind === 'cond') return conditionSql(root, alias, cols, p)
  // Post-order walk: each logic node's text is assembled once all its children have theirs.
  type Frame = { node: FilterNode & { kind: 'logic' }; next: number; parts: string[] }
  const stack: Frame[] = [{ node: root, next: 0, parts: [] }]
  let result = ''
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame
    const { node } = frame
    if (frame.next < node.children.length) {
      const child = node.children[frame.next++] as FilterNode
      if (child.kind === 'cond') frame.parts.push(`(${conditionSql(child, alias, cols, p)})`)
      else stack.push({ node: child, next: 0, parts: [] })
      continue
    }
    stack.pop()
    const joined =
      frame.parts.length === 0
        ? node.negate
          ? 'false'
          : 'true'
        : `(${frame.parts.join(node.op === 'and' ? ' and ' : ' or ')})`
    const text = node.negate && frame.parts.length > 0 ? `not ${joined}` : joined
    const parent = stack[stack.length - 1]
    if (parent) parent.parts.push(`(${text})`)
    else result = text
  }
  return result
}

function orderSql(order: OrderTerm[], alias: string, cols: Columns): string {
  if (order.length === 0) return ''
  return (
    ' order by ' +
    order
      .map((o) => {
        const c = column(cols, o.column)
        if (!c.type.info.sortable) {
          throw new RestError(
            400,
            'PGRST100',
            `"failed to parse order (${o.column})"`,
            `column ${cols.label}.${c.name} is ${c.type.sql}, which cannot be ordered`,
          )
        }
        let s = `${ref(alias, c)} ${o.desc ? 'desc' : 'asc'}`
        if (o.nulls) s += ` nulls ${o.nulls}`
        return s
      })
      .join(', ')
  )
}

function castTo(casts: CastTypes, raw: string): SqlType {
  const t = casts.get(normaliseTypeName(raw))
  if (!t) {
    throw new RestError(
      400,
      '42704',
      `type "${raw}" does not exist`,
      null,
      'Cast to a built-in type such as text, integer, numeric, date or jsonb.',
    )
  }
  return t
}

/**
 * The JSON object of one row. `*` alone is the whole row (row_to_json of the alias). Anything else
 * is assembled from JSON fragments: every key a bind parameter turned into a JSON string by
 * to_json, every value to_json of the column, so no alias is ever SQL text and the output is as
 * compact as row_to_json's.
 */
function rowJsonSql(
  select: SelectItem[] | null,
  alias: string,
  cols: Columns,
  casts: CastTypes,
  p: Params,
  forceExplicit = false,
): string {
  const items = select ?? [{ star: true }]
  if (!forceExplicit && items.length === 1 && items[0]?.star) return `row_to_json(${alias})`
  const pairs: string[] = []
  const pair = (key: string, value: string) =>
    pairs.push(`to_json(${p.text(key)})::text || ':' || coalesce(to_json(${value})::text, 'null')`)
  for (const item of items) {
    if (item.star) {
      for (const c of cols.all()) pair(c.name, ref(alias, c))
      continue
    }
    const c = column(cols, item.column)
    pair(
      item.alias ?? item.column,
      item.cast ? `${ref(alias, c)}::${castTo(casts, item.cast).sql}` : ref(alias, c),
    )
  }
  return pairs.length === 0 ? `'{}'::json` : `('{' || ${pairs.join(` || ',' || `)} || '}')::json`
}

export interface Shape {
  /** Wrap the rows as JSON (false for HEAD and return=minimal). */
  body: boolean
  stripNulls: boolean
}

function bodySql(shape: Shape): string {
  if (!shape.body) return 'null::text'
  const row = shape.stripNulls ? 'json_strip_nulls(_t.pgrst_row)' : '_t.pgrst_row'
  return `coalesce(json_agg(${row}), '[]')::text`
}

const RESULT_HEAD = 'count(*)::int as page_total, null::bigint as inserted'

export interface ReadRequest {
  select: SelectItem[] | null
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  count: boolean
  shape: Shape
}

function pageSql(req: { limit?: number; offset?: number }, p: Params): string {
  let s = ''
  if (req.limit !== undefined) s += ` limit ${p.add(req.limit)}`
  if (req.offset !== undefined && req.offset > 0) s += ` offset ${p.add(req.offset)}`
  return s
}

function qualified(schema: Ident, name: Ident): string {
  return `${schema.sql}.${name.sql}`
}

/** GET/HEAD on a table or view. */
export function buildRead(rel: RelationInfo, casts: CastTypes, req: ReadRequest): Statement {
  const p = new Params()
  const alias = rel.ident.sql
  const cols = relationColumns(rel)
  const from = `${qualified(rel.schema, rel.ident)} as ${alias}`
  const row = req.shape.body ? rowJsonSql(req.select, alias, cols, casts, p) : 'null::json'
  const where = whereSql(req.filters, alias, cols, p)
  const total = req.count ? `(select count(*) from ${from}${where})` : 'null'
  const text =
    `select ${total}::bigint as total, ${RESULT_HEAD}, ${bodySql(req.shape)} as body ` +
    `from (select ${row} as pgrst_row from ${from}${where}` +
    `${orderSql(req.order, alias, cols)}${pageSql(req, p)}) _t`
  return { text, values: p.values }
}

function unknownBodyColumn(rel: RelationInfo, name: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${name}' column of '${rel.name}' in the schema cache`,
  )
}

function bodyColumns(rel: RelationInfo, names: string[]): ColumnInfo[] {
  return names.map((n) => {
    const c = rel.columns.get(n)
    if (!c) throw unknownBodyColumn(rel, n)
    return c
  })
}

function recordDef(cols: NamedColumn[]): string {
  return cols.map((c) => `${c.ident.sql} ${c.type.sql}`).join(', ')
}

/** Wraps a data-changing statement: RETURNING 1 unless rows must be shown (PROTOCOL trap 2). */
function wrapWrite(
  dml: string,
  rel: RelationInfo,
  casts: CastTypes,
  p: Params,
  select: SelectItem[] | null,
  shape: Shape,
  opts: { order?: OrderTerm[]; countInserted?: boolean } = {},
): string {
  const alias = rel.ident.sql
  // An upsert reports how many rows it inserted (xmax = 0: not an update of an existing row), so
  // a merge that only updated answers 200 as PostgREST does.
  const insertedCol = opts.countInserted ? `, (${alias}.xmax = 0) as pgrst_inserted` : ''
  if (!shape.body) {
    const inserted = opts.countInserted
      ? 'count(*) filter (where pgrst_source.pgrst_inserted)'
      : 'null'
    return (
      `with pgrst_source as (${dml} returning 1 as pgrst_one${insertedCol}) ` +
      `select null::bigint as total, count(*)::int as page_total, ${inserted}::bigint as inserted, ` +
      `null::text as body from pgrst_source`
    )
  }
  const cols = relationColumns(rel)
  // With the extra pgrst_inserted column, `*` must list the table's own columns.
  const row = rowJsonSql(select, alias, cols, casts, p, opts.countInserted)
  const inserted = opts.countInserted ? 'count(*) filter (where _t.pgrst_inserted)' : 'null'
  return (
    `with pgrst_source as (${dml} returning ${alias}.*${insertedCol}) ` +
    `select null::bigint as total, count(*)::int as page_total, ${inserted}::bigint as inserted, ` +
    `${bodySql(shape)} as body ` +
    `from (select ${row} as pgrst_row${opts.countInserted ? `, ${alias}.pgrst_inserted` : ''} ` +
    `from pgrst_source as ${alias}${orderSql(opts.order ?? [], alias, cols)}) _t`
  )
}

export interface InsertRequest {
  /** The JSON array text of the rows (objects already wrapped). */
  rowsJson: string
  columns: string[]
  /** Columns absent from some rows get their DEFAULT instead of NULL (Prefer: missing=default). */
  missingDefault: boolean
  upsert?: { resolution: 'merge' | 'ignore'; onConflict?: string[] }
  select: SelectItem[] | null
  shape: Shape
}

export function buildInsert(rel: RelationInfo, casts: CastTypes, req: InsertRequest): Statement {
  const p = new Params()
  const table = qualified(rel.schema, rel.ident)
  const target = `${table} as ${rel.ident.sql}`
  const cols = bodyColumns(rel, req.columns)
  const json = p.add(req.rowsJson)
  let source: string
  if (cols.length === 0) {
    // `{}`: every column takes its default.
    source = `select from json_array_elements(${json}::json)`
  } else if (req.missingDefault) {
    const exprs = cols.map((c) => {
      const fallback =
        c.defaultExpr ??
        (c.identity
          ? `nextval(pg_get_serial_sequence(${p.text(`${table}`)}, ${p.text(c.name)}))`
          : 'null')
      return `case when pgrst_elem.e::jsonb ? ${p.text(c.name)} then pgrst_body.${c.ident.sql} else ${fallback} end`
    })
    source =
      `select ${exprs.join(', ')} from json_array_elements(${json}::json) as pgrst_elem(e) ` +
      `cross join lateral json_to_record(pgrst_elem.e) as pgrst_body(${recordDef(cols)})`
  } else {
    source =
      `select ${cols.map((c) => `pgrst_body.${c.ident.sql}`).join(', ')} ` +
      `from json_to_recordset(${json}::json) as pgrst_body(${recordDef(cols)})`
  }
  let conflict = ''
  if (req.upsert) {
    const targetCols = req.upsert.onConflict ?? rel.primaryKey
    if (targetCols.length === 0) {
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse on_conflict"`,
        `'${rel.name}' has no primary key: name the conflict columns with on_conflict`,
      )
    }
    const targetSql = targetCols.map((n) => column(relationColumns(rel), n).ident.sql).join(', ')
    if (req.upsert.resolution === 'ignore' || cols.length === 0) {
      conflict = ` on conflict (${targetSql}) do nothing`
    } else {
      const sets = cols.map((c) => `${c.ident.sql} = excluded.${c.ident.sql}`)
      conflict = ` on conflict (${targetSql}) do update set ${sets.join(', ')}`
    }
  }
  const list = cols.length > 0 ? ` (${cols.map((c) => c.ident.sql).join(', ')})` : ''
  const dml = `insert into ${target}${list} ${source}${conflict}`
  return {
    text: wrapWrite(dml, rel, casts, p, req.select, req.shape, {
      countInserted: req.upsert !== undefined && rel.kind === 'table',
    }),
    values: p.values,
  }
}

export interface UpdateRequest {
  bodyJson: string
  columns: string[]
  filters: FilterNode[]
  order: OrderTerm[]
  select: SelectItem[] | null
  shape: Shape
}

export function buildUpdate(rel: RelationInfo, casts: CastTypes, req: UpdateRequest): Statement {
  const p = new Params()
  const alias = rel.ident.sql
  const cols = bodyColumns(rel, req.columns)
  const json = p.add(req.bodyJson)
  const sets = cols.map((c) => `${c.ident.sql} = pgrst_body.${c.ident.sql}`)
  const where = whereSql(req.filters, alias, relationColumns(rel), p)
  const dml =
    `update ${qualified(rel.schema, rel.ident)} as ${alias} set ${sets.join(', ')} ` +
    `from json_to_record(${json}::json) as pgrst_body(${recordDef(cols)})${where}`
  return {
    text: wrapWrite(dml, rel, casts, p, req.select, req.shape, { order: req.order }),
    values: p.values,
  }
}

export interface DeleteRequest {
  filters: FilterNode[]
  order: OrderTerm[]
  select: SelectItem[] | null
  shape: Shape
}

export function buildDelete(rel: RelationInfo, casts: CastTypes, req: DeleteRequest): Statement {
  const p = new Params()
  const alias = rel.ident.sql
  const where = whereSql(req.filters, alias, relationColumns(rel), p)
  const dml = `delete from ${qualified(rel.schema, rel.ident)} as ${alias}${where}`
  return {
    text: wrapWrite(dml, rel, casts, p, req.select, req.shape, { order: req.order }),
    values: p.values,
  }
}

/**
 * Picks the overload whose named arguments match the keys sent (PostgREST 12's rule); failing
 * that, on a POST with a JSON body, the one function taking the whole body (an unnamed json or
 * jsonb parameter). More than one candidate either way is 300 PGRST203, none 404 PGRST202.
 */
export function chooseFunction(
  candidates: FunctionInfo[],
  keys: string[],
  name: string,
  schema: string,
  post: boolean,
): FunctionInfo {
  const matches = candidates.filter((f) => {
    const names = new Set(f.args.map((a) => a.name))
    if (!keys.every((k) => names.has(k))) return false
    const required = f.args.slice(0, f.args.length - f.defaults)
    return required.every((a) => keys.includes(a.name))
  })
  const chosen = matches.length > 0 ? matches : candidates.filter((f) => post && f.wholeBody)
  if (chosen.length === 1) return chosen[0] as FunctionInfo
  const signature = `${schema}.${name}(${[...keys].sort().join(', ')})`
  if (chosen.length === 0) {
    return notFoundFunction(signature, keys, candidates)
  }
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${chosen
      .map(
        (f) => `${schema}.${name}(${f.args.map((a) => `${a.name} => ${a.type.sql}`).join(', ')})`,
      )
      .join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  )
}

function notFoundFunction(signature: string, keys: string[], candidates: FunctionInfo[]): never {
  const shown = keys.slice(0, 20)
  const withoutParams =
    keys.length === 0 ? ' without parameters' : ` with parameters ${shown.join(', ')}`
  const first = candidates[0]
  const hint = first
    ? `Perhaps you meant to call the function ${first.schema.name}.${first.name}(${first.args.map((a) => a.name).join(', ')})`
    : null
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function ${signature.replace(/\(.*\)$/, '')}${withoutParams} in the schema cache`,
    `Searched for the function ${signature.length > 300 ? `${signature.slice(0, 300)}…)` : signature}${withoutParams}, but no matches were found in the schema cache.`,
    hint,
  )
}

export interface RpcRequest {
  argsJson: string
  keys: string[]
  select: SelectItem[] | null
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  count: boolean
  shape: Shape
}

export function buildRpc(fn: FunctionInfo, casts: CastTypes, req: RpcRequest): Statement {
  const p = new Params()
  const args = fn.wholeBody ? [] : fn.args.filter((a) => req.keys.includes(a.name))
  const fnName = qualified(fn.schema, fn.ident)
  // The whole body goes to the one unnamed parameter, by position (it has no name to use).
  const call = fn.wholeBody
    ? `${fnName}(${p.add(req.argsJson)}::${(fn.args[0] as FunctionArg).type.sql})`
    : `${fnName}(${args.map((a) => `${a.ident.sql} := pgrst_args.${a.ident.sql}`).join(', ')})`
  const argsFrom =
    args.length > 0
      ? `json_to_record(${p.add(req.argsJson)}::json) as pgrst_args(${recordDef(args)})`
      : null
  if (fn.returns === 'rows') {
    const alias = fn.ident.sql
    const byName = new Map(fn.resultColumns.map((c) => [c.name, c]))
    const cols: Columns = {
      label: fn.name,
      get: (n) => byName.get(n),
      all: () => fn.resultColumns,
    }
    // With one OUT column Postgres returns a bare value, not a row: a subquery makes it one
    // again (row_to_json of the alias, `alias.column` in filters).
    const only = fn.resultColumns.length === 1 ? fn.resultColumns[0] : undefined
    const source = only ? `(select * from ${call} as pgrst_call(${only.ident.sql}))` : call
    const from = argsFrom
      ? `${argsFrom} cross join lateral ${source} as ${alias}`
      : `${source} as ${alias}`
    const row = req.shape.body ? rowJsonSql(req.select, alias, cols, casts, p) : 'null::json'
    const where = whereSql(req.filters, alias, cols, p)
    const total = req.count ? `(select count(*) from ${from}${where})` : 'null'
    const text =
      `select ${total}::bigint as total, ${RESULT_HEAD}, ${bodySql(req.shape)} as body ` +
      `from (select ${row} as pgrst_row from ${from}${where}` +
      `${orderSql(req.order, alias, cols)}${pageSql(req, p)}) _t`
    return { text, values: p.values }
  }
  if (req.filters.length > 0 || req.order.length > 0) {
    throw new RestError(
      400,
      'PGRST100',
      'filters and order apply only to functions that return rows',
    )
  }
  const from = argsFrom ? ` from ${argsFrom}` : ''
  if (fn.returns === 'void') {
    return {
      text: `select null::bigint as total, 1 as page_total, null::bigint as inserted, null::text as body from (select ${call}${from}) pgrst_void`,
      values: p.values,
    }
  }
  if (fn.returnsSet) {
    const fromSet = argsFrom
      ? `${argsFrom} cross join lateral ${call} as pgrst_scalar(v)`
      : `${call} as pgrst_scalar(v)`
    return {
      text: `select count(*)::bigint as total, count(*)::int as page_total, null::bigint as inserted, coalesce(json_agg(v), '[]')::text as body from ${fromSet}`,
      values: p.values,
    }
  }
  return {
    text: `select 1::bigint as total, 1 as page_total, null::bigint as inserted, to_json(${call})::text as body${from}`,
    values: p.values,
  }
}
