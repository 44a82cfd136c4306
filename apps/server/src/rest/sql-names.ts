// The only two kinds of name a REST statement may contain besides the builder's own fixed words:
// an identifier and a type, each created only by the schema cache (catalog.ts) from what
// pg_catalog holds. A request's text can never become one: it can only be looked up, and a miss
// is a 4xx before any SQL exists. ESLint keeps `fromCatalog` to catalog.ts (eslint.config.js).

/** The one quoting function for identifiers. */
function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** A table, view, column, function, argument or schema name as the catalog knows it. */
export class Ident {
  readonly #sql: string

  private constructor(readonly name: string) {
    this.#sql = quote(name)
  }

  /** The quoted identifier, ready for a statement. */
  get sql(): string {
    return this.#sql
  }

  /** For catalog.ts only. */
  static fromCatalog(name: string): Ident {
    return new Ident(name)
  }
}

/** A type as pg_catalog names it: `format_type(oid, NULL)`, qualified and quoted by Postgres. */
export class SqlType {
  private constructor(
    /** The canonical name from format_type(), e.g. `integer`, `public.person_name`. */
    readonly sql: string,
    readonly info: TypeInfo,
  ) {}

  /** For catalog.ts only. */
  static fromCatalog(canonical: string, info: TypeInfo): SqlType {
    return new SqlType(canonical, info)
  }
}

/** What the engine must know of a type to choose operators that exist for it. */
export interface TypeInfo {
  /** pg_type.typcategory of the type (of its base type for a domain). */
  category: string
  /** A default btree operator class exists: =, <>, <, >, ORDER BY, IN all work. */
  sortable: boolean
  /** A default btree or hash class exists: = and IN work. */
  equality: boolean
  range: boolean
  array: boolean
  /** `@>`/`<@` exist (arrays, ranges, jsonb). */
  containment: boolean
  /** The type takes `@@ tsquery` (tsvector, or text through to_tsvector). */
  textSearch: boolean
}
