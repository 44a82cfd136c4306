// Property-based attack on the REST engine: thousands of query strings generated from the PostgREST
// grammar, then mutated the way a hostile visitor would (quotes, semicolons, comments, keywords,
// unicode, nesting, huge numbers, empty keys and empty values), with odd Content-Type, Accept,
// Prefer and profile headers, sent with the anon key to a running server. Whatever comes back: no
// 5xx, no SQLSTATE but the ones a client's own values or rights cause (a code such as 42601
// syntax error, 42P01 undefined table or 42883 undefined function would mean the engine wrote
// SQL the database could not run), no catalog names in a body, and the rows already in the
// write-only table are all still there, unchanged (visitors may only add to it). FUZZ_N sets the
// number of requests (CI: 5,000; longer runs: more).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFixture, insertSightings } from './rest-fixture.js'
import { startTestServer, type TestServer } from './support/test-server.js'

const RUNS = Number(process.env.FUZZ_N ?? 5000)
/** Requests sent at once: the server is tested under some concurrency, and the run is quicker. */
const BATCH = 8
/**
 * The codes an answer may carry: PostgREST's own, the SQLSTATEs of what a client sends or may do
 * (data, integrity, permission, a limit or a timeout, a write in a read, a cast it asked for, an
 * identity column, an on_conflict without a constraint), and the engine's own 42703/42704 for
 * names the catalog does not have (rest-error.ts tellsTheClient).
 */
function allowedCode(code: string): boolean {
  return (
    /^(PGRST\d{3}|PT\d{3}|22...|23...|P0...)$/.test(code) ||
    ['42501', '42846', '428C9', '42P10', '57014', '25006', '42703', '42704'].includes(code)
  )
}
const CATALOG_NAMES =
  /pg_catalog|pg_class|pg_proc|pg_authid|pg_shadow|pg_roles|pg_namespace|pg_attribute|information_schema|pg_stat/gi

/** Catalog names in an answer that the request did not itself contain (an echo is fine). */
function leakedNames(answer: string, sent: string): string[] {
  const own = sent.toLowerCase()
  return [...answer.matchAll(CATALOG_NAMES)]
    .map((m) => m[0].toLowerCase())
    .filter((n) => !own.includes(n))
}

let server: TestServer
let stored: unknown[]

async function dropBox() {
  return (await server.adminPool.query('select id, note from public.drop_box order by id')).rows
}

beforeAll(async () => {
  // The fuzz run is one address: its share of connections and its row limit must not be what
  // answers, so the limits are wide here (their own tests are in api-hardening.test.ts).
  server = await startTestServer({
    env: {
      rateLimitPerMinute: 1_000_000,
      fairness: { perClient: 16, queuePerClient: 64, acquireTimeoutMs: 10_000 },
    },
  })
  await createFixture(server.adminPool)
  await server.adminPool.query(`
    insert into public.drop_box (note) values ('secret one');
    create function public.echo_json(json) returns json language sql immutable as $$ select $1 $$;
    create function public.unnamed_int(integer) returns integer language sql immutable as $$ select $1 $$;
  `)
  await insertSightings(server.adminPool, [
    { title: 'rent is due', status: 'approved', rating: 4.5 },
    { title: 'bertha', status: 'approved' },
  ])
  stored = await dropBox()
})

afterAll(async () => {
  await server?.close()
})

const HOSTILE = [
  '',
  "'",
  '"',
  '\\',
  ';',
  '--',
  '/*',
  '*/',
  '(',
  ')',
  ',',
  '.',
  ':',
  '::',
  '->',
  '{',
  '}',
  '[',
  ']',
  '*',
  '%',
  '\u0000',
  '\u202e',
  '😀',
  'é',
  ' ',
  '+',
  '&',
  '=',
  ' or 1=1',
  "'; drop table drop_box; --",
  ') union select * from pg_authid --',
  'select',
  'pg_sleep(10)',
  "current_setting('role')",
  '$1',
  '$$',
  "E'\\x41'",
  'null',
  'true',
  '99999999999999999999999',
  '-1',
  '1e309',
  'NaN',
]

const tables = fc.constantFrom(
  'sightings',
  'drop_box',
  'approved_titles',
  'nope',
  'pg_authid',
  'sightings"',
)
const columns = fc.constantFrom(
  'id',
  'title',
  'date',
  'status',
  'rating',
  'tags',
  'meta',
  'odd col',
  'note',
  'created_at',
  'xmin',
  'ctid',
  'nope',
)
const ops = fc.constantFrom(
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'eq(any)',
  'like(all)',
  'fts(english)',
  'fts(pg_catalog.english)',
  'zz',
  'eq(',
)
const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 12 }),
  fc.array(fc.constantFrom(...HOSTILE), { maxLength: 4 }).map((a) => a.join('')),
)
const value = fc.oneof(
  hostileText,
  fc.constantFrom('1', '4.5', 'rent*', '{a,b}', '[1,5)', '(1,2,"x,y")', 'null', '2026-01-01'),
  fc.integer().map(String),
)
const name = fc.oneof(
  columns,
  hostileText,
  columns.map((c) => `"${c}"`),
)
const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`

const condition = fc
  .tuple(name, fc.boolean(), ops, value)
  .map(([c, not, op, v]) => `${c}.${not ? 'not.' : ''}${op}.${op.startsWith('in') ? `(${v})` : v}`)

/** A logic tree of bounded size; depth and width vary, sometimes past the limits. */
const tree = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc
      .tuple(
        fc.constantFrom('and', 'or', 'not.and', 'not.or'),
        fc.array(tie('node'), { minLength: 1, maxLength: 4 }),
      )
      .map(([op, kids]) => `${op}(${kids.join(',')})`),
  ),
})).node

const deepTree = fc
  .integer({ min: 1, max: 40 })
  .map((d) => `${'and('.repeat(d)}title.eq.x${')'.repeat(d)}`)

const selectItem = fc.oneof(
  columns,
  fc.constant('*'),
  fc
    .tuple(
      columns,
      fc.constantFrom(
        'text',
        'int',
        'integer',
        'regclass',
        'pg_node_tree',
        'text;select 1',
        'jsonb',
        'date',
        'double precision',
        'text[]',
      ),
    )
    .map(([c, t]) => `${c}::${t}`),
  fc.tuple(hostileText, columns).map(([a, c]) => `${quoted(a)}:${c}`),
  hostileText,
)

const param = fc.oneof(
  fc.array(selectItem, { minLength: 1, maxLength: 5 }).map((items) => ['select', items.join(',')]),
  fc
    .tuple(name, fc.boolean(), ops, value)
    .map(([c, not, op, v]) => [c, `${not ? 'not.' : ''}${op}.${op === 'in' ? `(${v})` : v}`]),
  fc
    .tuple(fc.constantFrom('or', 'and', 'not.or'), fc.oneof(tree, deepTree))
    .map(([k, t]) => [k, `(${t})`]),
  fc
    .tuple(
      name,
      fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.up', ';drop'),
    )
    .map(([c, m]) => ['order', `${c}${m}`]),
  fc
    .oneof(fc.nat().map(String), fc.constantFrom('-1', '1e9', '99999999999999999999', 'x'))
    .map((n) => ['limit', n]),
  fc
    .oneof(fc.nat().map(String), fc.constantFrom('-5', '9007199254740993', 'NaN'))
    .map((n) => ['offset', n]),
  fc.array(name, { minLength: 1, maxLength: 3 }).map((cs) => ['columns', cs.join(',')]),
  fc.array(name, { minLength: 1, maxLength: 2 }).map((cs) => ['on_conflict', cs.join(',')]),
  fc.tuple(hostileText, value).map(([k, v]) => [k, v]),
  // Empty keys and empty values in every place a query string has them.
  fc.tuple(
    fc.constantFrom('', 'select', 'order', 'limit', 'offset', 'or', 'title', 'columns'),
    fc.constantFrom('', '.', 'eq.', '()'),
  ),
)

const body = fc.oneof(
  fc.constant(undefined),
  fc.constant(''),
  fc.constant('{"":1}'),
  fc.constant('{"":""}'),
  fc.constant('[{"":null}]'),
  fc
    .dictionary(fc.constantFrom('', 'note', 'title', 'a'), value, { maxKeys: 3 })
    .map((o) => JSON.stringify(o)),
  fc.constant('{"title":"fuzz","status":"pending"}'),
  fc.constant('[{"note":"fuzz"}]'),
  fc.dictionary(hostileText, value, { maxKeys: 3 }).map((o) => JSON.stringify(o)),
  fc
    .array(fc.dictionary(columns, value, { maxKeys: 3 }), { maxLength: 3 })
    .map((a) => JSON.stringify(a)),
  hostileText,
  fc.integer({ min: 1, max: 3000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
)

const request = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
  rpc: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      'greet',
      'add_numbers',
      'title_lengths',
      'sightings_with_status',
      'drop_note',
      'echo_json',
      'unnamed_int',
      'pg_sleep',
      'nope',
      '',
    ),
  ),
  table: tables,
  params: fc.array(param, { maxLength: 6 }),
  body,
  prefer: fc.constantFrom(
    undefined,
    'count=exact',
    'return=representation',
    'resolution=merge-duplicates',
    'tx=rollback',
    'missing=default, return=representation',
    'count=exact; drop',
  ),
  accept: fc.constantFrom(
    undefined,
    'application/vnd.pgrst.object+json',
    'text/csv',
    '*/*',
    '',
    'text/html',
    'application/json;nulls=stripped',
    'application/vnd.pgrst.object+json, text/html',
  ),
  contentType: fc.constantFrom(
    undefined,
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    '',
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/csv',
    'application/octet-stream',
    'application/json, text/html',
    'application/vnd.pgrst.object+json',
    ';',
    'application/json; charset=utf-8, text/html',
  ),
  profile: fc.constantFrom(undefined, 'public', '', 'auth', 'pg_catalog', 'public, auth'),
})

describe('REST fuzz (anon key)', () => {
  it(
    `${RUNS} generated and mutated requests: no 5xx, no SQL-level parse errors, no catalog names`,
    async () => {
      const failures: string[] = []
      await fc.assert(
        fc.asyncProperty(
          fc.array(request, { minLength: BATCH, maxLength: BATCH }),
          async (batch) => {
            await Promise.all(
              batch.map(async (r) => {
                const qs = new URLSearchParams(r.params as [string, string][]).toString()
                const path = r.rpc
                  ? `/rpc/${encodeURIComponent(r.rpc)}`
                  : `/${encodeURIComponent(r.table)}`
                const method =
                  r.rpc && (r.method === 'PATCH' || r.method === 'DELETE') ? 'POST' : r.method
                const headers: Record<string, string> = { apikey: server.keys.anonKey }
                if (r.contentType !== undefined) headers['content-type'] = r.contentType
                if (r.prefer) headers.prefer = r.prefer
                if (r.accept !== undefined) headers.accept = r.accept
                if (r.profile !== undefined) {
                  headers[
                    method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile'
                  ] = r.profile
                }
                const res = await fetch(`${server.url}/rest/v1${path}${qs ? `?${qs}` : ''}`, {
                  method,
                  headers,
                  body: method === 'GET' || method === 'HEAD' ? undefined : r.body,
                })
                const text = await res.text()
                let code: string | undefined
                try {
                  code = (JSON.parse(text) as { code?: string }).code
                } catch {
                  code = undefined
                }
                const problem =
                  res.status >= 500
                    ? `status ${res.status}`
                    : code && !allowedCode(code)
                      ? `SQLSTATE ${code}`
                      : leakedNames(
                            text,
                            `${decodeURIComponent(path)}?${qs} ${r.body ?? ''} ${JSON.stringify(headers)}`,
                          ).length > 0
                        ? 'catalog name in body'
                        : undefined
                if (problem) {
                  const line = `${problem}: ${method} ${path}?${qs} -> ${text.slice(0, 300)}`
                  failures.push(line)
                  throw new Error(line)
                }
              }),
            )
          },
        ),
        {
          numRuns: Math.ceil(RUNS / BATCH),
          seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
        },
      )
      expect(failures).toEqual([])
      expect(await dropBox()).toEqual(expect.arrayContaining(stored))
    },
    120_000 + RUNS * 100,
  )
})
