// The schema cache: tables, views and functions of the exposed schema, read from pg_catalog once
// and re-read when a request names something it does not know (a migration may have added it).
// Every identifier that reaches SQL is first looked up here, so only real names are ever quoted
// into a statement.
import type { Pool } from 'pg'

export interface ColumnInfo {
  name: string
  /** format_type() of the column, e.g. `bigint`, `timestamp with time zone`. */
  type: string
  /** The default expression as Postgres prints it, or null (identity columns have none). */
  defaultExpr: string | null
  identity: boolean
  generated: boolean
}

export interface RelationInfo {
  schema: string
  name: string
  kind: 'table' | 'view'
  columns: Map<string, ColumnInfo>
  primaryKey: string[]
}

export interface FunctionArg {
  name: string
  type: string
}

export interface FunctionInfo {
  schema: string
  name: string
  args: FunctionArg[]
  /** How many trailing args have defaults (may be omitted). */
  defaults: number
  returnsSet: boolean
  /** `rows`: composite/record/table results; `scalar`: one value; `void`: nothing. */
  returns: 'rows' | 'scalar' | 'void'
  volatile: boolean
  /** Column names of a row-returning result (OUT/TABLE params or the composite type's fields). */
  resultColumns: string[]
}

export interface SchemaCache {
  relations: Map<string, RelationInfo>
  functions: Map<string, FunctionInfo[]>
}

const RELATIONS_SQL = `
select c.relname as rel, c.relkind::text as kind, a.attname as col,
       format_type(a.atttypid, a.atttypmod) as type,
       pg_get_expr(d.adbin, d.adrelid) as default_expr,
       a.attidentity <> '' as identity, a.attgenerated <> '' as generated,
       coalesce(a.attnum = any(pk.conkey), false) as in_pk,
       array_position(pk.conkey, a.attnum) as pk_pos
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
left join pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
order by c.relname, a.attnum`

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.provolatile::text as volatility,
       p.pronargs as nargs, p.pronargdefaults as ndefaults,
       p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
       array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
             with ordinality u(t, i) order by i) as arg_types,
       rt.typname as ret_name, rt.typtype::text as ret_typtype,
       array(select a.attname::text from pg_attribute a where a.attrelid = rt.typrelid
             and a.attnum > 0 and not a.attisdropped order by a.attnum) as ret_cols
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'`

interface RelationRow {
  rel: string
  kind: string
  col: string
  type: string
  default_expr: string | null
  identity: boolean
  generated: boolean
  in_pk: boolean
  pk_pos: number | null
}

interface FunctionRow {
  name: string
  returns_set: boolean
  volatility: string
  nargs: number
  ndefaults: number
  arg_names: string[] | null
  arg_modes: string[] | null
  arg_types: string[]
  ret_name: string
  ret_typtype: string
  ret_cols: string[]
}

export async function loadSchema(pool: Pool, schema: string): Promise<SchemaCache> {
  // With only pg_catalog on the search path, format_type() and pg_get_expr() schema-qualify every
  // user type and function, so the texts stay valid whatever search_path a request runs with.
  const client = await pool.connect()
  let rels: { rows: RelationRow[] }
  let fns: { rows: FunctionRow[] }
  try {
    await client.query('begin read only')
    await client.query(`set local search_path to pg_catalog`)
    rels = await client.query<RelationRow>(RELATIONS_SQL, [schema])
    fns = await client.query<FunctionRow>(FUNCTIONS_SQL, [schema])
    await client.query('commit')
  } catch (e) {
    await client.query('rollback').catch(() => undefined)
    throw e
  } finally {
    client.release()
  }
  const relations = new Map<string, RelationInfo>()
  const pkPositions = new Map<string, [number, string][]>()
  for (const r of rels.rows) {
    let rel = relations.get(r.rel)
    if (!rel) {
      rel = {
        schema,
        name: r.rel,
        kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
        columns: new Map(),
        primaryKey: [],
      }
      relations.set(r.rel, rel)
    }
    rel.columns.set(r.col, {
      name: r.col,
      type: r.type,
      defaultExpr: r.default_expr,
      identity: r.identity,
      generated: r.generated,
    })
    if (r.in_pk && r.pk_pos !== null) {
      const list = pkPositions.get(r.rel) ?? []
      list.push([r.pk_pos, r.col])
      pkPositions.set(r.rel, list)
    }
  }
  for (const [rel, list] of pkPositions) {
    const info = relations.get(rel)
    if (info) info.primaryKey = list.sort((a, b) => a[0] - b[0]).map(([, c]) => c)
  }

  const functions = new Map<string, FunctionInfo[]>()
  for (const f of fns.rows) {
    const args: FunctionArg[] = []
    const outNames: string[] = []
    const modes = f.arg_modes
    f.arg_types.forEach((type, i) => {
      const mode = modes ? modes[i] : 'i'
      const name = f.arg_names?.[i] ?? ''
      if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type })
      if (mode === 'o' || mode === 't' || mode === 'b') outNames.push(name)
    })
    const hasOutArgs = modes?.some((m) => m === 'o' || m === 't' || m === 'b') ?? false
    let returns: FunctionInfo['returns'] = 'scalar'
    if (f.ret_name === 'void') returns = 'void'
    else if (f.ret_typtype === 'c' || f.ret_name === 'record' || hasOutArgs) returns = 'rows'
    const info: FunctionInfo = {
      schema,
      name: f.name,
      args,
      defaults: f.ndefaults,
      returnsSet: f.returns_set,
      returns,
      volatile: f.volatility === 'v',
      resultColumns: outNames.length > 0 ? outNames : f.ret_cols,
    }
    const list = functions.get(f.name) ?? []
    list.push(info)
    functions.set(f.name, list)
  }
  return { relations, functions }
}

/** Holds the cache for one schema; `refresh()` is throttled so unknown names cannot hammer pg_catalog. */
export class Catalog {
  private cache: SchemaCache | null = null
  private loading: Promise<SchemaCache> | null = null
  private lastLoad = 0
  private generation = 0

  constructor(
    private readonly pool: Pool,
    readonly schema: string,
    private readonly minRefreshMs = 1000,
  ) {}

  async get(): Promise<SchemaCache> {
    return this.cache ?? this.load()
  }

  /** Re-reads the catalog after a miss unless it was read very recently. */
  async refresh(): Promise<SchemaCache> {
    if (this.cache && Date.now() - this.lastLoad < this.minRefreshMs) return this.cache
    return this.load()
  }

  /** Forgets the cache (NOTIFY pgrst, 'reload schema'); a load in flight is not kept either. */
  invalidate(): void {
    this.generation++
    this.cache = null
    this.loading = null
  }

  private load(): Promise<SchemaCache> {
    if (this.loading) return this.loading
    const generation = this.generation
    const loading = loadSchema(this.pool, this.schema)
      .then((c) => {
        if (generation === this.generation) {
          this.cache = c
          this.lastLoad = Date.now()
        }
        return c
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null
      })
    this.loading = loading
    return loading
  }

  async relation(name: string): Promise<RelationInfo | undefined> {
    const hit = (await this.get()).relations.get(name)
    return hit ?? (await this.refresh()).relations.get(name)
  }

  async functions(name: string): Promise<FunctionInfo[]> {
    const hit = (await this.get()).functions.get(name)
    return hit ?? (await this.refresh()).functions.get(name) ?? []
  }
}
