// The build-failing rule behind "no request text ever becomes SQL": SQL assembled by interpolation
// or concatenation outside the one builder is an ESLint error (scripts/lint/no-sql-assembly.js;
// `npm run lint` applies it to apps/server/src and scripts/, and fails on any finding).
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { noSqlAssembly } from '../../../scripts/lint/no-sql-assembly.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

tester.run('no-sql-assembly', noSqlAssembly, {
  valid: [
    "await c.query('select id from public.news where id = $1', [id])",
    'await c.query(`select id\n from public.news order by date desc`)',
    "const text = 'select 1 ' + 'from t'",
    'throw new Error(`column ${name} does not exist`)',
    'log.info(`deleted ${n} rows from one address`)',
    "const msg = 'At most ' + n + ' inserts per minute'",
  ],
  invalid: [
    ['await c.query(`select * from ${table}`)', 'template interpolation'],
    ["await c.query('select * from ' + table)", 'string concatenation'],
    ['const sql = `delete from auth.sessions where ${where}`', 'template interpolation'],
    ['const s = `update ${t} set a = 1`', 'template interpolation'],
    ["const s = 'insert into t (a) values (' + v + ')'", 'string concatenation'],
    ['await client.query({ text: `${prelude} begin`, values: [] })', 'template interpolation'],
    ['const s = `order by ${column} ${dir}`', 'template interpolation'],
    ['await pool.query(`alter role x password ${literal}`)', 'template interpolation'],
  ].map(([code, how]) => ({
    code: code as string,
    errors: [{ messageId: 'assembled' as const, data: { how: how as string } }],
  })),
})
