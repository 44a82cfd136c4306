// The database lifecycle, for real: initdb on first start, restart on the same cluster, a second
// server refused, recovery from a SIGKILL, the root/0700 placement, the migrations runner (once
// each, own transaction, concurrent runners), the first-start seed, DATABASE_URL, and the server
// process itself (start, health, clean SIGTERM shutdown, refused second process).
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig, REPO_ROOT } from '../src/config.js'
import { openDatabase } from '../src/db/database.js'
import { findNativeDir, startEmbeddedPostgres } from '../src/db/embedded-postgres.js'
import { migrate, type MigrateOptions } from '../src/db/migrate.js'
import { createAdminPool } from '../src/db/pools.js'
import { sourceArgs } from './support/source-args.js'
import { spawnMain } from './support/main-process.js'
import { withDatabase } from './support/test-server.js'

const quiet = { info: () => undefined, warn: () => undefined }
const isRoot = process.getuid?.() === 0
const temps: string[] = []

async function tempDir(prefix: string, mode = 0o755): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `rentdue-${prefix}-`))
  await fs.chmod(dir, mode)
  temps.push(dir)
  return dir
}

afterAll(async () => {
  for (const dir of temps) await fs.rm(dir, { recursive: true, force: true })
})

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

describe('embedded PostgreSQL', () => {
  const password = crypto.randomBytes(12).toString('hex')
  let dataDir: string

  beforeAll(async () => {
    dataDir = await tempDir('lifecycle')
  })

  it('runs initdb on first start, listens on loopback with fsync on, and restarts', async () => {
    const db = await startEmbeddedPostgres({ dataDir, superuserPassword: password, log: quiet })
    try {
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true)
      expect(db.adminUrl).toBe(`postgres://postgres:${password}@127.0.0.1:${db.port}/postgres`)
      const rows = await query<{ fsync: string; listen: string; sync: string }>(
        db.adminUrl,
        `select current_setting('fsync') as fsync, current_setting('listen_addresses') as listen,
                current_setting('synchronous_commit') as sync`,
      )
      expect(rows).toEqual([{ fsync: 'on', listen: '127.0.0.1', sync: 'on' }])
      await query(db.adminUrl, 'create table kept (note text); insert into kept values ($$hello$$)')
    } finally {
      await db.stop()
    }
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false)

    const again = await startEmbeddedPostgres({ dataDir, superuserPassword: password, log: quiet })
    try {
      expect(await query(again.adminUrl, 'select note from kept')).toEqual([{ note: 'hello' }])
    } finally {
      await again.stop()
    }
  })

  it('refuses a second server on a running cluster with a clear message', async () => {
    const first = await startEmbeddedPostgres({ dataDir, superuserPassword: password, log: quiet })
    try {
      await expect(
        startEmbeddedPostgres({ dataDir, superuserPassword: password, log: quiet }),
      ).rejects.toThrow(/is already running \(postmaster PID \d+\): another Rent Due server/)
      // The first one is untouched.
      expect(await query(first.adminUrl, 'select 1 as one')).toEqual([{ one: 1 }])
    } finally {
      await first.stop()
    }
  })

  it('starts cleanly after a SIGKILL left a stale postmaster.pid', async () => {
    const { child, exited, ready } = clusterProcess(dataDir, password)
    try {
      await ready
      await query(
        `postgres://postgres:${password}@127.0.0.1:${await portOf(dataDir)}/postgres`,
        `create table if not exists crashed (note text);
         insert into crashed values ('committed before the crash')`,
      )
    } finally {
      process.kill(-(child.pid as number), 'SIGKILL')
    }
    await exited
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true)

    const db = await startEmbeddedPostgres({ dataDir, superuserPassword: password, log: quiet })
    try {
      expect(await query(db.adminUrl, 'select note from crashed')).toEqual([
        { note: 'committed before the crash' },
      ])
      await query(db.adminUrl, 'drop table crashed')
    } finally {
      await db.stop()
    }
  })
})

describe('a database left running when its server died', () => {
  const password = crypto.randomBytes(12).toString('hex')

  it('is stopped cleanly and started again by the next start (kill -9 of node alone)', async () => {
    const dataDir = await tempDir('leftover')
    const { child, exited, ready } = clusterProcess(dataDir, password)
    await ready
    const leftover = await postmasterOf(dataDir)
    await query(
      `postgres://postgres:${password}@127.0.0.1:${leftover.port}/postgres`,
      `create table left_behind (note text); insert into left_behind values ('kept')`,
    )
    // Only the node process: its PostgreSQL keeps running, as after an OOM kill.
    process.kill(child.pid as number, 'SIGKILL')
    await exited
    expect(isLive(leftover.pid)).toBe(true)

    const logged: string[] = []
    const db = await startEmbeddedPostgres({
      dataDir,
      superuserPassword: password,
      log: { info: (m) => logged.push(m), warn: (m) => logged.push(m) },
    })
    try {
      expect(isLive(leftover.pid)).toBe(false)
      expect(logged).toContain(`stopped the leftover database (postmaster PID ${leftover.pid})`)
      expect(await query(db.adminUrl, 'select note from left_behind')).toEqual([{ note: 'kept' }])
    } finally {
      await db.stop()
    }
  })

  it('is refused, and left alone, when no Rent Due server started it', async () => {
    const dataDir = await tempDir('foreign')
    await (await startEmbeddedPostgres({ dataDir, superuserPassword: password, log: quiet })).stop()
    // Someone runs the cluster by hand, with the same binaries.
    const user = isRoot ? await osUser('postgres') : {}
    const foreign = spawn(
      path.join(await findNativeDir(), 'bin', 'postgres'),
      [
        '-D',
        path.join(dataDir, 'pg'),
        '-p',
        String(await freePort()),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    const foreignExited = new Promise((resolve) => foreign.once('exit', resolve))
    try {
      await new Promise<void>((resolve, reject) => {
        let text = ''
        foreign.stderr?.on('data', (c: Buffer) => {
          text += c.toString()
          if (text.includes('ready to accept connections')) resolve()
        })
        foreign.once('close', () => reject(new Error(`postgres exited:\n${text}`)))
      })
      await expect(
        startEmbeddedPostgres({ dataDir, superuserPassword: password, log: quiet }),
      ).rejects.toThrow(
        `The database in ${path.join(dataDir, 'pg')} is already running (postmaster PID ` +
          `${foreign.pid}), and no Rent Due server started it`,
      )
      expect(foreign.exitCode).toBe(null)
      // The refused start left DATA_DIR free for the next one.
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
    } finally {
      foreign.kill('SIGINT')
      await foreignExited
    }
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function osUser(name: string): Promise<{ uid: number; gid: number }> {
  const { execFileSync } = await import('node:child_process')
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }))
  return { uid: id('-u'), gid: id('-g') }
}

/** Alive and not a zombie (a killed process its parent has not reaped yet is gone for us). */
function isLive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
}

async function postmasterOf(dataDir: string): Promise<{ pid: number; port: number }> {
  const lines = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')
  return { pid: Number(lines[0]), port: Number(lines[3]) }
}

/** A process of its own (own process group) that starts the cluster in dataDir and waits. */
function clusterProcess(dataDir: string, password: string) {
  const child = spawn(
    process.execPath,
    [...sourceArgs('apps/server/test/support/cluster-process.ts'), dataDir, password],
    { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => c.toString().includes('ready') && resolve())
    child.once('exit', () => reject(new Error('cluster process exited early')))
  })
  return { child, exited, ready }
}

/** The port a running cluster listens on, from line 4 of its postmaster.pid. */
async function portOf(dataDir: string): Promise<number> {
  const lines = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')
  return Number(lines[3])
}

describe.runIf(isRoot)('as root, under a directory the postgres user cannot enter', () => {
  it('puts binaries and cluster where it can, linked from DATA_DIR/pg, and restarts there', async () => {
    const closed = await tempDir('closed', 0o700)
    const fallbackRoot = path.join(await tempDir('fallback'), 'rent-due')
    // Binaries inside the closed directory too, as with a checkout in /root.
    const nativeDir = path.join(closed, 'native')
    await fs.cp(await findNativeDir(), nativeDir, { recursive: true, verbatimSymlinks: true })
    const dataDir = path.join(closed, 'data')
    const opts = { dataDir, superuserPassword: 'pw', log: quiet, fallbackRoot, nativeDir }

    const db = await startEmbeddedPostgres(opts)
    try {
      const link = await fs.readlink(path.join(dataDir, 'pg'))
      expect(link.startsWith(path.join(fallbackRoot, 'clusters') + path.sep)).toBe(true)
      expect(db.clusterDir).toBe(link)
      expect((await fs.readdir(path.join(fallbackRoot, 'postgres'))).length).toBe(1)
      await query(db.adminUrl, 'create table t (x int); insert into t values (7)')
    } finally {
      await db.stop()
    }
    const again = await startEmbeddedPostgres(opts)
    try {
      expect(await query(again.adminUrl, 'select x from t')).toEqual([{ x: 7 }])
    } finally {
      await again.stop()
    }
  })

  it('says what to do when an existing cluster sits where postgres cannot reach it', async () => {
    const closed = await tempDir('closed', 0o700)
    const dataDir = path.join(closed, 'data')
    await fs.mkdir(path.join(dataDir, 'pg'), { recursive: true })
    await fs.writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n')
    await expect(
      startEmbeddedPostgres({
        dataDir,
        superuserPassword: 'pw',
        log: quiet,
        fallbackRoot: await tempDir('fallback'),
      }),
    ).rejects.toThrow(/a parent directory of .* is closed to other users \(mode 0700/)
  })
})

describe('migrations runner', () => {
  let pool: pg.Pool
  let dbUrl: string
  let dir: string

  beforeAll(async () => {
    const name = `rd_mig_${crypto.randomBytes(4).toString('hex')}`
    await query(inject('adminUrl'), `create database ${name}`)
    dbUrl = withDatabase(inject('adminUrl'), name)
    pool = createAdminPool(dbUrl)
    dir = await tempDir('migrations')
    await fs.writeFile(path.join(dir, '0001_create_notes.sql'), 'create table notes (n int);')
    await fs.writeFile(path.join(dir, '0002_add_note.sql'), 'insert into notes values (1);')
    await fs.writeFile(path.join(dir, 'README.md'), 'not a migration')
    await fs.writeFile(path.join(dir, 'seed.sql'), 'insert into notes values (100);')
    return async () => {
      await pool.end()
      await query(inject('adminUrl'), `drop database ${name} with (force)`)
    }
  })

  const run = (o: Partial<MigrateOptions> = {}) =>
    migrate({
      adminPool: pool,
      migrationsDir: dir,
      seedFile: path.join(dir, 'seed.sql'),
      seed: 'auto',
      log: quiet,
      ...o,
    })

  it('applies each file once, in order, recorded in the Supabase CLI history table', async () => {
    let hookRuns = 0
    const seedHooks = [async () => void hookRuns++]
    expect(await run({ seedHooks })).toEqual({ applied: ['0001', '0002'], seeded: true })
    expect(await run({ seedHooks })).toEqual({ applied: [], seeded: false })
    expect(hookRuns).toBe(1)
    const { rows } = await pool.query(
      'select version, name, statements from supabase_migrations.schema_migrations order by 1',
    )
    expect(rows).toEqual([
      { version: '0001', name: 'create_notes', statements: ['create table notes (n int);'] },
      { version: '0002', name: 'add_note', statements: ['insert into notes values (1);'] },
    ])
    const seeds = await pool.query('select path from supabase_migrations.seed_files')
    expect(seeds.rows).toEqual([{ path: 'supabase/seed.sql' }])
    expect((await pool.query('select n from notes order by n')).rows).toEqual([
      { n: 1 },
      { n: 100 },
    ])
  })

  it('rolls a failing migration back whole and names it', async () => {
    await fs.writeFile(
      path.join(dir, '0003_broken.sql'),
      'insert into notes values (3); select * from no_such_table;',
    )
    await expect(run()).rejects.toThrow(
      'migration 0003_broken.sql failed: relation "no_such_table" does not exist',
    )
    expect((await pool.query('select count(*)::int as c from notes where n = 3')).rows).toEqual([
      { c: 0 },
    ])
    await fs.writeFile(path.join(dir, '0003_broken.sql'), 'insert into notes values (3);')
    expect(await run()).toEqual({ applied: ['0003'], seeded: false })
  })

  it('lets concurrent runners take turns: every migration still applies once', async () => {
    await fs.writeFile(
      path.join(dir, '0004_slow.sql'),
      'select pg_sleep(0.3); insert into notes values (4);',
    )
    const other = createAdminPool(dbUrl)
    try {
      const results = await Promise.all([
        run(),
        migrate({ adminPool: other, migrationsDir: dir, seedFile: '', seed: 'off', log: quiet }),
      ])
      expect(results.map((r) => r.applied).sort()).toEqual([[], ['0004']])
    } finally {
      await other.end()
    }
    expect((await pool.query('select count(*)::int as c from notes where n = 4')).rows).toEqual([
      { c: 1 },
    ])
  })

  it('does not seed a database that had migrations unless SEED=on, and never twice', async () => {
    await pool.query('delete from supabase_migrations.seed_files')
    expect((await run()).seeded).toBe(false)
    expect((await run({ seed: 'on' })).seeded).toBe(true)
    expect((await run({ seed: 'on' })).seeded).toBe(false)
    expect((await pool.query('select count(*)::int as c from notes where n = 100')).rows).toEqual([
      { c: 2 },
    ])
  })
})

describe('DATABASE_URL', () => {
  it('migrates that server and serves the API as authenticator, never a superuser', async () => {
    const name = `rd_url_${crypto.randomBytes(4).toString('hex')}`
    await query(inject('adminUrl'), `create database ${name}`)
    const config = {
      ...loadConfig({ DATA_DIR: await tempDir('url-data'), SEED: 'off' }),
      databaseUrl: withDatabase(inject('adminUrl'), name),
    }
    const db = await openDatabase({
      config,
      superuserPassword: 'unused',
      authenticatorPassword: inject('authenticatorPassword'),
      log: quiet,
    })
    try {
      expect(db.embedded).toBeUndefined()
      expect(db.migrations.applied.length).toBeGreaterThan(0)
      const { rows } = await db.apiPool.query(
        `select current_user as who, (select rolsuper from pg_roles where rolname = current_user) as su`,
      )
      expect(rows).toEqual([{ who: 'authenticator', su: false }])
    } finally {
      await db.close()
      await query(inject('adminUrl'), `drop database ${name} with (force)`)
    }
  })
})

describe('the server process', () => {
  it('starts, answers /healthz, shuts down cleanly on SIGTERM, and refuses a second one', async () => {
    const dataDir = await tempDir('main')
    const first = spawnMain({ DATA_DIR: dataDir, SEED: 'off' })
    try {
      const url = await first.ready
      const health = await fetch(`${url}/healthz`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok' })
      const secrets = await fs.stat(path.join(dataDir, 'secrets.json'))
      expect(secrets.mode & 0o777).toBe(0o600)

      const second = spawnMain({ DATA_DIR: dataDir, SEED: 'off' })
      const result = await second.exited
      expect(result.code).toBe(1)
      expect(second.output()).toMatch(/is already running \(postmaster PID \d+\)/)
      expect((await fetch(`${url}/healthz`)).status).toBe(200)

      first.child.kill('SIGTERM')
      expect(await first.exited).toEqual({ code: 0, signal: null })
      const steps = [
        'received SIGTERM: shutting down',
        'http server closed',
        'database pools closed',
        'embedded PostgreSQL stopped',
        'bye',
      ]
      const msgs = first
        .output()
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { msg: string }).msg)
      // Request logs may interleave; the shutdown steps come once each, in this order, last.
      expect(msgs.filter((m) => steps.includes(m))).toEqual(steps)
      expect(msgs.at(-1)).toBe('bye')
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false)
    } finally {
      first.signalGroup('SIGKILL')
    }
  }, 90_000)
})
