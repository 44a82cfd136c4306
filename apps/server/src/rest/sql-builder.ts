// Turns a parsed request into ONE parametrized statement. Identifiers come only from the catalog
// (checked, then double-quoted); every value is a bind parameter. The JSON is built by Postgres
// (json_agg) so numbers, dates and ranges read exactly as PostgREST writes them. Every statement
// returns one row: total (count=exact or null), page_total and body (json text or null).
import type { ColumnInfo, FunctionInfo, RelationInfo } from './catalog.js'
import type { Condition, FilterNode, OrderTerm, SelectItem } from './query-params.js'
import { RestError } from './rest-error.js'

export interface Statement {
  text: string
  values: unknown[]
}

/** The columns a statement may name: a table's, or a function result's. */
export interface Columns {
  /** Name used in messages (`column <label>.<col> does not exist`). */
  label: string
  has(name: string): boolean
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export function relationColumns(rel: RelationInfo): Columns {
  return { label: rel.name, has: (n) => rel.columns.has(n) }
}

class Params {
  readonly values: unknown[] = []
  add(v: unknown): string {
    this.values.push(v)
    return `$${this.values.length}`
  }
}

function undefinedColumn(cols: Columns, name: string): RestError {
  return new RestError(400, '42703', `column ${cols.label}.${name} does not exist`)
}

function columnRef(alias: string, cols: Columns, name: string): string {
  if (!cols.has(name)) throw undefinedColumn(cols, name)
  return `${alias}.${quoteIdent(name)}`
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
}

const IS_KEYWORDS: Record<string, string> = {
  null: 'null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
}

function conditionSql(c: Condition, alias: string, cols: Columns, p: Params): string {
  const col = columnRef(alias, cols, c.column)
  let sql: string
  if (c.op === 'in') {
    sql = `${col} = any(${p.add(c.value)})`
  } else if (c.op === 'is') {
    sql = `${col} is ${IS_KEYWORDS[c.value as string]}`
  } else {
    let value = c.value as string
    if (c.op === 'like' || c.op === 'ilike') value = value.replace(/\*/g, '%')
    sql = `${col} ${COMPARATORS[c.op]} ${p.add(value)}`
  }
  return c.negate ? `not (${sql})` : sql
}

function filterSql(node: FilterNode, alias: string, cols: Columns, p: Params): string {
  if (node.kind === 'cond') return conditionSql(node, alias, cols, p)
  if (node.children.length === 0) return node.negate ? 'false' : 'true'
  const joined = node.children
    .map((child) => `(${filterSql(child, alias, cols, p)})`)
    .join(node.op === 'and' ? ' and ' : ' or ')
  return node.negate ? `not (${joined})` : `(${joined})`
}

function whereSql(filters: FilterNode[], alias: string, cols: Columns, p: Params): string {
  if (filters.length === 0) return ''
  return ' where ' + filters.map((f) => filterSql(f, alias, cols, p)).join(' and ')
}

function orderSql(order: OrderTerm[], alias: string, cols: Columns): string {
  if (order.length === 0) return ''
  return (
    ' order by ' +
    order
      .map((o) => {
        let s = `${columnRef(alias, cols, o.column)} ${o.desc ? 'desc' : 'asc'}`
        if (o.nulls) s += ` nulls ${o.nulls}`
        return s
      })
      .join(', ')
  )
}

function selectListSql(select: SelectItem[] | null, alias: string, cols: Columns): string {
  const items = select ?? [{ star: true }]
  return items
    .map((item) => {
      if (item.star) return `${alias}.*`
      let s = columnRef(alias, cols, item.column)
      if (item.cast) s += `::${item.cast}`
      return `${s} as ${quoteIdent(item.alias ?? item.column)}`
    })
    .join(', ')
}

export interface Shape {
  /** Wrap the rows as JSON (false for HEAD and return=minimal). */
  body: boolean
  stripNulls: boolean
}

function bodySql(shape: Shape): string {
  if (!shape.body) return 'null::text'
  const row = shape.stripNulls ? 'json_strip_nulls(row_to_json(_t))' : '_t'
  return `coalesce(json_agg(${row}), '[]')::text`
}

export interface ReadRequest {
  select: SelectItem[] | null
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  count: boolean
  shape: Shape
}

function pageSql(req: ReadRequest, p: Params): string {
  let s = ''
  if (req.limit !== undefined) s += ` limit ${p.add(req.limit)}`
  if (req.offset !== undefined && req.offset > 0) s += ` offset ${p.add(req.offset)}`
  return s
}

/** GET/HEAD on a table or view. */
export function buildRead(rel: RelationInfo, req: ReadRequest): Statement {
  const p = new Params()
  const alias = quoteIdent(rel.name)
  const cols = relationColumns(rel)
  const from = `${quoteIdent(rel.schema)}.${quoteIdent(rel.name)} as ${alias}`
  const where = whereSql(req.filters, alias, cols, p)
  const total = req.count ? `(select count(*) from ${from}${where})` : 'null'
  const text =
    `select ${total}::bigint as total, count(*)::int as page_total, ${bodySql(req.shape)} as body ` +
    `from (select ${selectListSql(req.select, alias, cols)} from ${from}${where}` +
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

function recordDef(cols: ColumnInfo[]): string {
  return cols.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')
}

/** Wraps a data-changing statement: RETURNING 1 unless rows must be shown (PROTOCOL trap 2). */
function wrapWrite(
  dml: string,
  rel: RelationInfo,
  select: SelectItem[] | null,
  shape: Shape,
  order: OrderTerm[] = [],
): string {
  const alias = quoteIdent(rel.name)
  if (!shape.body) {
    return `with pgrst_source as (${dml} returning 1) select null::bigint as total, count(*)::int as page_total, null::text as body from pgrst_source`
  }
  const cols = relationColumns(rel)
  return (
    `with pgrst_source as (${dml} returning ${alias}.*) ` +
    `select null::bigint as total, count(*)::int as page_total, ${bodySql(shape)} as body ` +
    `from (select ${selectListSql(select, alias, cols)} from pgrst_source as ${alias}` +
    `${orderSql(order, alias, cols)}) _t`
  )
}

export interface InsertRequest {
  /** The JSON array text of the rows (objects already wrapped). */
  rowsJson: string
  columns: string[]
  /** Columns absent from some rows get their DEFAULT instead of NULL (Prefer: missing=default). */
  missingDefault: boolean
  /** Keys present per row, needed for missing=default. */
  upsert?: { resolution: 'merge' | 'ignore'; onConflict?: string[] }
  select: SelectItem[] | null
  shape: Shape
}

export function buildInsert(rel: RelationInfo, req: InsertRequest): Statement {
  const p = new Params()
  const target = `${quoteIdent(rel.schema)}.${quoteIdent(rel.name)} as ${quoteIdent(rel.name)}`
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
          ? `nextval(pg_get_serial_sequence(${p.add(`${quoteIdent(rel.schema)}.${quoteIdent(rel.name)}`)}, ${p.add(c.name)}))`
          : 'null')
      return `case when pgrst_elem.e::jsonb ? ${p.add(c.name)} then pgrst_body.${quoteIdent(c.name)} else ${fallback} end`
    })
    source =
      `select ${exprs.join(', ')} from json_array_elements(${json}::json) as pgrst_elem(e) ` +
      `cross join lateral json_to_record(pgrst_elem.e) as pgrst_body(${recordDef(cols)})`
  } else {
    source =
      `select ${cols.map((c) => `pgrst_body.${quoteIdent(c.name)}`).join(', ')} ` +
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
    const targetSql = targetCols
      .map((n) => {
        if (!rel.columns.has(n)) throw undefinedColumn(relationColumns(rel), n)
        return quoteIdent(n)
      })
      .join(', ')
    if (req.upsert.resolution === 'ignore' || cols.length === 0) {
      conflict = ` on conflict (${targetSql}) do nothing`
    } else {
      const sets = cols.map((c) => `${quoteIdent(c.name)} = excluded.${quoteIdent(c.name)}`)
      conflict = ` on conflict (${targetSql}) do update set ${sets.join(', ')}`
    }
  }
  const list = cols.length > 0 ? ` (${cols.map((c) => quoteIdent(c.name)).join(', ')})` : ''
  const dml = `insert into ${target}${list} ${source}${conflict}`
  return { text: wrapWrite(dml, rel, req.select, req.shape), values: p.values }
}

export interface UpdateRequest {
  bodyJson: string
  columns: string[]
  filters: FilterNode[]
  order: OrderTerm[]
  select: SelectItem[] | null
  shape: Shape
}

export function buildUpdate(rel: RelationInfo, req: UpdateRequest): Statement {
  const p = new Params()
  const alias = quoteIdent(rel.name)
  const cols = bodyColumns(rel, req.columns)
  const json = p.add(req.bodyJson)
  const sets = cols.map((c) => `${quoteIdent(c.name)} = pgrst_body.${quoteIdent(c.name)}`)
  const where = whereSql(req.filters, alias, relationColumns(rel), p)
  const dml =
    `update ${quoteIdent(rel.schema)}.${quoteIdent(rel.name)} as ${alias} set ${sets.join(', ')} ` +
    `from json_to_record(${json}::json) as pgrst_body(${recordDef(cols)})${where}`
  return { text: wrapWrite(dml, rel, req.select, req.shape, req.order), values: p.values }
}

export interface DeleteRequest {
  filters: FilterNode[]
  order: OrderTerm[]
  select: SelectItem[] | null
  shape: Shape
}

export function buildDelete(rel: RelationInfo, req: DeleteRequest): Statement {
  const p = new Params()
  const alias = quoteIdent(rel.name)
  const where = whereSql(req.filters, alias, relationColumns(rel), p)
  const dml = `delete from ${quoteIdent(rel.schema)}.${quoteIdent(rel.name)} as ${alias}${where}`
  return { text: wrapWrite(dml, rel, req.select, req.shape, req.order), values: p.values }
}

/** Picks the overload whose named arguments match the keys sent (PostgREST's rule). */
export function chooseFunction(
  candidates: FunctionInfo[],
  keys: string[],
  name: string,
  schema: string,
): FunctionInfo {
  const matches = candidates.filter((f) => {
    const names = new Set(f.args.map((a) => a.name))
    if (!keys.every((k) => names.has(k))) return false
    const required = f.args.slice(0, f.args.length - f.defaults)
    return required.every((a) => keys.includes(a.name))
  })
  if (matches.length === 1) return matches[0] as FunctionInfo
  const signature = `${schema}.${name}(${[...keys].sort().join(', ')})`
  if (matches.length === 0) {
    return notFoundFunction(signature, keys, candidates)
  }
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${matches
      .map((f) => `${schema}.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
      .join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  )
}

function notFoundFunction(signature: string, keys: string[], candidates: FunctionInfo[]): never {
  const withoutParams =
    keys.length === 0 ? ' without parameters' : ` with parameters ${keys.join(', ')}`
  const hint =
    candidates.length > 0
      ? `Perhaps you meant to call the function ${candidates[0]?.schema}.${candidates[0]?.name}(${candidates[0]?.args.map((a) => a.name).join(', ')})`
      : null
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function ${signature.replace(/\(.*\)$/, '')}${withoutParams} in the schema cache`,
    `Searched for the function ${signature}${withoutParams}, but no matches were found in the schema cache.`,
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

export function buildRpc(fn: FunctionInfo, req: RpcRequest): Statement {
  const p = new Params()
  const args = fn.args.filter((a) => req.keys.includes(a.name))
  const fnName = `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}`
  const call = `${fnName}(${args.map((a) => `${quoteIdent(a.name)} := pgrst_args.${quoteIdent(a.name)}`).join(', ')})`
  const argsFrom =
    args.length > 0
      ? `json_to_record(${p.add(req.argsJson)}::json) as pgrst_args(${args
          .map((a) => `${quoteIdent(a.name)} ${a.type}`)
          .join(', ')})`
      : null
  if (fn.returns === 'rows') {
    const alias = quoteIdent(fn.name)
    const names = new Set(fn.resultColumns)
    const cols: Columns = { label: fn.name, has: (n) => names.has(n) }
    const from = argsFrom
      ? `${argsFrom} cross join lateral ${call} as ${alias}`
      : `${call} as ${alias}`
    const where = whereSql(req.filters, alias, cols, p)
    const total = req.count ? `(select count(*) from ${from}${where})` : 'null'
    const text =
      `select ${total}::bigint as total, count(*)::int as page_total, ${bodySql(req.shape)} as body ` +
      `from (select ${selectListSql(req.select, alias, cols)} from ${from}${where}` +
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
      text: `select null::bigint as total, 1 as page_total, null::text as body from (select ${call}${from}) pgrst_void`,
      values: p.values,
    }
  }
  if (fn.returnsSet) {
    const fromSet = argsFrom
      ? `${argsFrom} cross join lateral ${call} as pgrst_scalar(v)`
      : `${call} as pgrst_scalar(v)`
    return {
      text: `select null::bigint as total, count(*)::int as page_total, coalesce(json_agg(v), '[]')::text as body from ${fromSet}`,
      values: p.values,
    }
  }
  return {
    text: `select null::bigint as total, 1 as page_total, to_json(${call})::text as body${from}`,
    values: p.values,
  }
}
