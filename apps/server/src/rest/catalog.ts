// The schema cache: tables, views and functions of the exposed schema, and the types a request may
// cast to, read from pg_catalog once and re-read when a request names something it does not know
// (a migration may have added it). It is the only source of the Ident and SqlType values the SQL
// builder accepts, so a name reaches a statement only after pg_catalog has confirmed it.
import type { Pool } from 'pg'
import { Ident, SqlType, type TypeInfo } from './sql-names.js'
import { withTransaction } from '../db/transaction.js'

export interface ColumnInfo {
  name: string
  ident: Ident
  type: SqlType
  /** The default expression as Postgres prints it, or null (identity columns have none). */
  defaultExpr: string | null
  identity: boolean
  generated: boolean
}

export interface RelationInfo {
  schema: Ident
  name: string
  ident: Ident
  kind: 'table' | 'view'
  columns: Map<string, ColumnInfo>
  primaryKey: string[]
}

export interface FunctionArg {
  name: string
  ident: Ident
  type: SqlType
}

/** A column of a function's row result (OUT/TABLE parameters or the composite type's fields). */
export interface ResultColumn {
  name: string
  ident: Ident
  type: SqlType
}

export interface FunctionInfo {
  schema: Ident
  name: string
  ident: Ident
  args: FunctionArg[]
  /** How many trailing args have defaults (may be omitted). */
  defaults: number
  returnsSet: boolean
  /** `rows`: composite/record/table results; `scalar`: one value; `void`: nothing. */
  returns: 'rows' | 'scalar' | 'void'
  volatile: boolean
  resultColumns: ResultColumn[]
  /**
   * One unnamed json or jsonb parameter: the function takes the whole JSON body of a POST as it
   * is (PostgREST's "single unnamed parameter").
   */
  wholeBody: boolean
}

export interface SchemaCache {
  relations: Map<string, RelationInfo>
  functions: Map<string, FunctionInfo[]>
  /** Cast targets by every name a request may use for them (`int`, `integer`, `int4`, `text[]`). */
  castTypes: Map<string, SqlType>
}

/**
 * The built-in types a `::cast` may name. The catalog's own types (oid, reg*, xid, pg_*…) are left
 * out on purpose: a cast to regclass or regproc would turn a visitor's text into catalog lookups.
 */
const CASTABLE_BUILTINS = [
  'bool',
  'int2',
  'int4',
  'int8',
  'numeric',
  'float4',
  'float8',
  'text',
  'varchar',
  'bpchar',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'uuid',
  'json',
  'jsonb',
  'bytea',
  'inet',
  'cidr',
  'macaddr',
  'int4range',
  'int8range',
  'numrange',
  'daterange',
  'tsrange',
  'tstzrange',
]

/** SQL spellings Postgres accepts for the built-ins, lower-cased with single spaces. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  boolean: 'bool',
  decimal: 'numeric',
  dec: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  'timestamp without time zone': 'timestamp',
  'timestamp with time zone': 'timestamptz',
  'time without time zone': 'time',
  'time with time zone': 'timetz',
}

/** How a request's cast text is looked up: case and spacing do not matter, as in SQL. */
export function normaliseTypeName(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\[\]$/, '[]')
}

// What the engine must know of each type (TypeInfo). A domain is judged by its base type, an
// array or range by the operator classes Postgres would pick for it (binary-coercible classes
// count: varchar sorts with text's).
const TYPE_INFO_SQL = `
with recursive chain (oid, base, depth) as (
  select t.oid, t.oid, 0 from pg_type t where t.oid = any ($1::oid[])
  union all
  select c.oid, t.typbasetype, c.depth + 1
    from chain c join pg_type t on t.oid = c.base
   where t.typtype = 'd' and c.depth < 16
), resolved as (
  select distinct on (c.oid) c.oid, c.base
    from chain c join pg_type t on t.oid = c.base
   where t.typtype <> 'd'
   order by c.oid, c.depth
), classes as (
  select oc.opcintype, am.amname
    from pg_opclass oc join pg_am am on am.oid = oc.opcmethod
   where oc.opcdefault and am.amname in ('btree', 'hash')
), judged as (
  select r.oid, bt.typcategory::text as category, bt.typtype::text as typtype,
         bt.typname::text as typname,
         (select array_agg(distinct cl.amname::text) from classes cl
           where cl.opcintype = bt.oid
              or cl.opcintype = (case when bt.typcategory = 'A' then 'anyarray'::regtype
                                      when bt.typtype = 'e' then 'anyenum'::regtype
                                      when bt.typtype = 'r' then 'anyrange'::regtype
                                      when bt.typtype = 'm' then 'anymultirange'::regtype end)::oid
              or exists (select from pg_cast k where k.castsource = bt.oid
                          and k.casttarget = cl.opcintype and k.castmethod = 'b')) as methods,
         (select array_agg(distinct cl.amname::text) from classes cl
           where cl.opcintype = et.oid
              or exists (select from pg_cast k where k.castsource = et.oid
                          and k.casttarget = cl.opcintype and k.castmethod = 'b')) as elem_methods,
         et.oid is not null as is_array
    from resolved r
    join pg_type bt on bt.oid = r.base
    left join pg_type et on et.oid = bt.typelem and bt.typcategory = 'A'
)
select oid::int8::text as oid, format_type(oid, null) as name, category, typtype, typname,
       coalesce(methods, '{}')::text[] as methods, coalesce(elem_methods, '{}')::text[] as elem_methods, is_array
  from judged`

const RELATIONS_SQL = `
select c.relname as rel, c.relkind::text as kind, a.attname as col,
       a.atttypid::int8::text as type_oid, format_type(a.atttypid, a.atttypmod) as type,
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
       array(select t::int8::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
             with ordinality u(t, i) order by i) as arg_type_oids,
       array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
             with ordinality u(t, i) order by i) as arg_types,
       p.prorettype::int8::text as ret_oid, format_type(p.prorettype, null) as ret_type,
       rt.typname as ret_name, rt.typtype::text as ret_typtype,
       array(select a.attname::text from pg_attribute a where a.attrelid = rt.typrelid
             and a.attnum > 0 and not a.attisdropped order by a.attnum) as ret_cols,
       array(select a.atttypid::int8::text from pg_attribute a where a.attrelid = rt.typrelid
             and a.attnum > 0 and not a.attisdropped order by a.attnum) as ret_col_type_oids,
       array(select format_type(a.atttypid, a.atttypmod) from pg_attribute a where a.attrelid = rt.typrelid
             and a.attnum > 0 and not a.attisdropped order by a.attnum) as ret_col_types
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'`

const CAST_TYPES_SQL = `
select t.oid::int8::text as oid, t.typname::text as typname, n.nspname::text as schema,
       format_type(t.oid, null) as name, t.typarray::int8::text as array_oid,
       format_type(t.typarray, null) as array_name
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where (n.nspname = 'pg_catalog' and t.typname = any ($2::text[]))
   or (n.nspname = $1 and t.typtype in ('e', 'd') and t.typisdefined)`

interface RelationRow {
  rel: string
  kind: string
  col: string
  type_oid: string
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
  arg_type_oids: string[]
  arg_types: string[]
  ret_oid: string
  ret_type: string
  ret_name: string
  ret_typtype: string
  ret_cols: string[]
  ret_col_type_oids: string[]
  ret_col_types: string[]
}

interface TypeRow {
  oid: string
  name: string
  category: string
  typtype: string
  typname: string
  methods: string[]
  elem_methods: string[]
  is_array: boolean
}

interface CastTypeRow {
  oid: string
  typname: string
  schema: string
  name: string
  array_oid: string
  array_name: string
}

function typeInfo(row: TypeRow | undefined): TypeInfo {
  if (!row) {
    // A type pg_catalog could not describe (should not happen): allow nothing but IS NULL.
    return {
      category: 'X',
      sortable: false,
      equality: false,
      range: false,
      array: false,
      containment: false,
      textSearch: false,
    }
  }
  const own = new Set(row.methods)
  const elem = new Set(row.elem_methods)
  const sortable = row.is_array ? own.has('btree') && elem.has('btree') : own.has('btree')
  const equality = row.is_array
    ? sortable
    : own.has('btree') || own.has('hash') || row.typname === 'jsonb'
  const range = row.typtype === 'r' || row.typtype === 'm'
  return {
    category: row.category,
    sortable,
    equality,
    range,
    array: row.is_array,
    containment: (row.is_array && elem.size > 0) || range || row.typname === 'jsonb',
    textSearch: row.typname === 'tsvector' || row.category === 'S',
  }
}

async function readCatalog(pool: Pool, schema: string) {
  // With only pg_catalog on the search path, format_type() and pg_get_expr() schema-qualify every
  // user type and function, so the texts stay valid whatever search_path a request runs with.
  return withTransaction(
    pool,
    async (client) => {
      const rels = await client.query<RelationRow>(RELATIONS_SQL, [schema])
      const fns = await client.query<FunctionRow>(FUNCTIONS_SQL, [schema])
      const casts = await client.query<CastTypeRow>(CAST_TYPES_SQL, [schema, CASTABLE_BUILTINS])
      const oids = new Set<string>()
      for (const r of rels.rows) oids.add(r.type_oid)
      for (const f of fns.rows) {
        f.arg_type_oids.forEach((o) => oids.add(o))
        f.ret_col_type_oids.forEach((o) => oids.add(o))
        oids.add(f.ret_oid)
      }
      for (const c of casts.rows) {
        oids.add(c.oid)
        if (c.array_oid !== '0') oids.add(c.array_oid)
      }
      const types = await client.query<TypeRow>(TYPE_INFO_SQL, [[...oids]])
      return { rels: rels.rows, fns: fns.rows, casts: casts.rows, types: types.rows }
    },
    { begin: 'begin read only', prelude: ['set local search_path to pg_catalog'] },
  )
}

export async function loadSchema(pool: Pool, schema: string): Promise<SchemaCache> {
  const { rels, fns, casts, types } = await readCatalog(pool, schema)
  const typeRows = new Map(types.map((t) => [t.oid, t]))
  const typeOf = (oid: string, canonical: string) =>
    SqlType.fromCatalog(canonical, typeInfo(typeRows.get(oid)))
  const schemaIdent = Ident.fromCatalog(schema)

  const relations = new Map<string, RelationInfo>()
  const pkPositions = new Map<string, [number, string][]>()
  for (const r of rels) {
    let rel = relations.get(r.rel)
    if (!rel) {
      rel = {
        schema: schemaIdent,
        name: r.rel,
        ident: Ident.fromCatalog(r.rel),
        kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
        columns: new Map(),
        primaryKey: [],
      }
      relations.set(r.rel, rel)
    }
    rel.columns.set(r.col, {
      name: r.col,
      ident: Ident.fromCatalog(r.col),
      type: typeOf(r.type_oid, r.type),
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
  for (const f of fns) {
    const args: FunctionArg[] = []
    const outs: ResultColumn[] = []
    const modes = f.arg_modes
    f.arg_types.forEach((type, i) => {
      const mode = modes ? modes[i] : 'i'
      const name = f.arg_names?.[i] ?? ''
      const column = {
        name,
        ident: Ident.fromCatalog(name),
        type: typeOf(f.arg_type_oids[i] as string, type),
      }
      if (mode === 'i' || mode === 'b' || mode === 'v') args.push(column)
      if (mode === 'o' || mode === 't' || mode === 'b') outs.push(column)
    })
    // PostgREST calls a function by its parameter names, so one with unnamed parameters is only
    // callable when its single parameter is an unnamed json/jsonb (text, xml and bytea bodies
    // are not taken here): any other is left out, as if it did not exist.
    const unnamed = args.filter((a) => a.name === '')
    const wholeBody =
      args.length === 1 &&
      unnamed.length === 1 &&
      ['json', 'jsonb'].includes(args[0]?.type.sql ?? '')
    if (unnamed.length > 0 && !wholeBody) continue
    const hasOutArgs = modes?.some((m) => m === 'o' || m === 't' || m === 'b') ?? false
    let returns: FunctionInfo['returns'] = 'scalar'
    if (f.ret_name === 'void') returns = 'void'
    else if (f.ret_typtype === 'c' || f.ret_name === 'record' || hasOutArgs) returns = 'rows'
    const composite = f.ret_cols.map((name, i) => ({
      name,
      ident: Ident.fromCatalog(name),
      type: typeOf(f.ret_col_type_oids[i] as string, f.ret_col_types[i] as string),
    }))
    const info: FunctionInfo = {
      schema: schemaIdent,
      name: f.name,
      ident: Ident.fromCatalog(f.name),
      args,
      defaults: f.ndefaults,
      returnsSet: f.returns_set,
      returns,
      volatile: f.volatility === 'v',
      resultColumns: outs.length > 0 ? outs : composite,
      wholeBody,
    }
    const list = functions.get(f.name) ?? []
    list.push(info)
    functions.set(f.name, list)
  }

  const castTypes = new Map<string, SqlType>()
  const builtins = new Map<string, SqlType>()
  for (const c of casts) {
    const own = typeOf(c.oid, c.name)
    const array = c.array_oid === '0' ? undefined : typeOf(c.array_oid, c.array_name)
    const names =
      c.schema === 'pg_catalog'
        ? [c.typname, normaliseTypeName(c.name)]
        : [normaliseTypeName(c.name), c.typname]
    for (const n of names) {
      castTypes.set(n, own)
      if (array) castTypes.set(`${n}[]`, array)
    }
    if (c.schema === 'pg_catalog') builtins.set(c.typname, own)
  }
  for (const [alias, typname] of Object.entries(TYPE_ALIASES)) {
    const t = builtins.get(typname)
    const array = castTypes.get(`${typname}[]`)
    if (t) castTypes.set(alias, t)
    if (array) castTypes.set(`${alias}[]`, array)
  }
  return { relations, functions, castTypes }
}

/**
 * Holds the cache for one schema; `refresh()` is throttled so unknown names cannot hammer
 * pg_catalog, and `invalidate()` drops it (a schema change was announced).
 */
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

  /** The type a `::cast` names, or undefined when it names none a request may use. */
  async castType(raw: string): Promise<SqlType | undefined> {
    const key = normaliseTypeName(raw)
    const hit = (await this.get()).castTypes.get(key)
    return hit ?? (await this.refresh()).castTypes.get(key)
  }
}
