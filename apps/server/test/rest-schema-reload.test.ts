// The schema cache follows PostgREST's reload protocol: a change the cache cannot notice by
// itself (a dropped column is not an unknown name, so no miss re-reads the catalog) stays
// invisible until `NOTIFY pgrst, 'reload schema'`, and after it every server sees the new shape.
// The migrations runner sends that NOTIFY whenever it applied something.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { migrate } from '../src/db/migrate.js'
import { notifySchemaReload } from '../src/db/schema-reload.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await server.adminPool.query(`
    create table public.reload_probe (id int primary key, score int);
    grant select, insert on public.reload_probe to service_role;`)
})

afterAll(async () => {
  await server?.close()
})

const insert = (id: number, score: unknown) =>
  server.client('service').from('reload_probe').insert({ id, score })

/** Inserts until it works (the NOTIFY arrives asynchronously); returns the last error or null. */
async function insertUntilAccepted(id: number, score: unknown, attempts = 200) {
  let last: string | null = null
  for (let i = 0; i < attempts; i++) {
    const { error } = await insert(id, score)
    last = error ? error.message : null
    if (!last) break
  }
  return last
}

// Inserts cast the body with the column types the cache holds, so a column whose type changed
// (a change that names nothing unknown) shows whether the cache was re-read.
it('keeps the cached column types until NOTIFY pgrst, then uses the new ones', async () => {
  expect((await insert(1, 5)).error).toBeNull()
  await server.adminPool.query(`alter table public.reload_probe alter column score type text`)
  expect((await insert(2, 'high')).error?.message).toBe(
    'invalid input syntax for type integer: "high"',
  )

  await notifySchemaReload(server.adminPool)
  expect(await insertUntilAccepted(2, 'high')).toBeNull()
  const { rows } = await server.adminPool.query(
    'select id, score from public.reload_probe order by id',
  )
  expect(rows).toEqual([
    { id: 1, score: '5' },
    { id: 2, score: 'high' },
  ])
})

it('is sent by the migrations runner when it applies a migration', async () => {
  await server.adminPool.query(`alter table public.reload_probe alter column score type boolean
    using score = 'high'`)
  // The stale statement fails in the database: its code reaches the client, its words do not.
  expect((await insert(3, true)).error).toMatchObject({
    code: '42804',
    message: 'The database could not run this request',
  })

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-reload-migrations-'))
  try {
    await fs.writeFile(path.join(dir, '99990101000000_probe.sql'), 'select 1;')
    const result = await migrate({
      adminPool: server.adminPool,
      migrationsDir: dir,
      seedFile: path.join(dir, 'no-seed.sql'),
      seed: 'off',
      log: { info: () => undefined, warn: () => undefined },
    })
    expect(result.applied).toEqual(['99990101000000'])
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
  expect(await insertUntilAccepted(3, true)).toBeNull()
})
