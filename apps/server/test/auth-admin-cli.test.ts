// The admin CLI (src/admin-cli.ts, `npm run admin`) run as a separate process against the test
// server's database through DATABASE_URL: it creates a confirmed admin whose access token carries
// app_metadata.role = 'admin' and may read a sign-up table over REST (a plain user may not),
// promotes an existing user, and fails with clear messages and exit codes. Without DATABASE_URL it
// uses the embedded cluster of DATA_DIR that a server is running (decision 093), and refuses
// clearly when that postmaster cannot be reached.
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { REPO_ROOT } from '../src/config.js'
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js'
import { migrate } from '../src/db/migrate.js'
import { createAdminPool } from '../src/db/pools.js'
import { loadOrCreateSecrets } from '../src/keys.js'
import { sourceArgs } from './support/source-args.js'
import { startTestServer, withDatabase, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ env: { authRateLimit: 1000 } })
})

afterAll(async () => {
  await server?.close()
})

type CliResult = { code: number; stdout: string; stderr: string }

function admin(...args: string[]): Promise<CliResult> {
  return runCli(args, {
    DATABASE_URL: withDatabase(inject('adminUrl'), server.databaseName),
    DATA_DIR: path.join(os.tmpdir(), 'rentdue-admin-cli-unused'),
  })
}

function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...sourceArgs('apps/server/src/admin-cli.ts'), ...args],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
      },
    )
  })
}

const newEmail = (who: string) => `${who}-${crypto.randomBytes(5).toString('hex')}@example.com`
const PASSWORD = 'the landlord always wins'

// Each CLI run is a new node process compiling TypeScript and hashing a password: seconds each
// on a busy machine, several per test, past the 30 s default meant for in-process tests.
describe('npm run admin', { timeout: 120_000 }, () => {
  it('create: a confirmed admin who can read sign-up rows over REST, unlike a plain user', async () => {
    const email = newEmail('boss')
    const created = await admin('create', '--email', email, '--password', PASSWORD)
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    expect(created.stdout).toMatch(new RegExp(`^Created the admin ${email} \\(id [0-9a-f-]{36}\\)`))

    const anon = server.client('anon')
    const row = { name: 'Fan For The Admin', email: newEmail('fan') }
    expect((await anon.from('fan_club_signups').insert(row)).error).toBeNull()

    const boss = server.client('anon')
    const { data, error } = await boss.auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
    const claims = decodeJwt(data.session!.access_token)
    expect(claims.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'admin' })
    expect(data.user?.email_confirmed_at).toMatch(/^\d{4}-/)
    const read = await boss.from('fan_club_signups').select('name, email').eq('email', row.email)
    expect(read.error).toBeNull()
    expect(read.data).toEqual([row])

    const plain = server.client('anon')
    const plainEmail = newEmail('plain')
    expect((await plain.auth.signUp({ email: plainEmail, password: PASSWORD })).error).toBeNull()
    const denied = await plain.from('fan_club_signups').select('name').eq('email', row.email)
    expect(denied.error).toBeNull()
    expect(denied.data).toEqual([])
  })

  it('promote: an existing user becomes admin at the next refresh', async () => {
    const email = newEmail('promoted')
    const user = server.client('anon')
    const { data } = await user.auth.signUp({ email, password: PASSWORD })
    expect(decodeJwt(data.session!.access_token).app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
    })
    const promoted = await admin('promote', '--email', email.toUpperCase())
    expect(promoted.code).toBe(0)
    expect(promoted.stdout).toContain(`${email} (id ${data.user!.id}) is now an admin`)
    const { data: refreshed, error } = await user.auth.refreshSession()
    expect(error).toBeNull()
    expect(decodeJwt(refreshed.session!.access_token).app_metadata).toMatchObject({
      role: 'admin',
    })
    const flag = await admin('--promote', '--email', email)
    expect(flag.code).toBe(0)
  })

  it('fails clearly: existing e-mail, unknown e-mail, weak password (1); bad usage (2)', async () => {
    // An account made by sign-up: the CLI's own create is the test above.
    const email = newEmail('twice')
    expect(
      (await server.client('anon').auth.signUp({ email, password: PASSWORD })).error,
    ).toBeNull()
    const twice = await admin('create', '--email', email, '--password', PASSWORD)
    expect(twice.code).toBe(1)
    expect(twice.stderr).toBe(
      `admin: A user with the e-mail ${email} already exists; to make it an admin run: ` +
        `npm run admin -- promote --email ${email}\n`,
    )
    const unknown = await admin('promote', '--email', 'nobody@example.com')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toBe('admin: No user with the e-mail nobody@example.com.\n')
    const weak = await admin('create', '--email', newEmail('weak'), '--password', 'short')
    expect(weak.code).toBe(1)
    expect(weak.stderr).toBe('admin: Password should be at least 8 characters.\n')
    const usage = await admin('create', '--email', email)
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/^--password is required for create\.\n\nUsage:/)
    expect((await admin()).code).toBe(2)
  })

  it('refuses a password that is easy to guess, as sign-up does (1)', async () => {
    const email = newEmail('common')
    const common = await admin('create', '--email', email, '--password', '12345678')
    expect(common.code).toBe(1)
    expect(common.stderr).toBe(
      'admin: Password is known to be weak and easy to guess, please choose a different one.\n',
    )
    const { rowCount } = await server.adminPool.query('select from auth.users where email = $1', [
      email,
    ])
    expect(rowCount).toBe(0)
  })
})

describe('npm run admin with the embedded database', () => {
  it('uses the running postmaster of DATA_DIR; refuses clearly when it cannot reach it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-admin-cli-'))
    // mkdtemp makes 0700 dirs; as root the cluster runs as `postgres`, who must get in.
    await fs.chmod(dataDir, 0o755)
    const secrets = await loadOrCreateSecrets(dataDir)
    const quiet = { info: () => undefined, warn: () => undefined }
    const cluster = await startEmbeddedPostgres({
      dataDir,
      superuserPassword: secrets.postgresPassword,
      log: quiet,
    })
    const pool = createAdminPool(cluster.adminUrl)
    try {
      await migrate({
        adminPool: pool,
        migrationsDir: path.join(REPO_ROOT, 'supabase/migrations'),
        seedFile: path.join(REPO_ROOT, 'supabase/seed.sql'),
        seed: 'off',
        log: quiet,
      })
      const email = newEmail('running')
      const created = await runCli(['create', '--email', email, '--password', PASSWORD], {
        DATA_DIR: dataDir,
      })
      expect(created.stderr).toBe('')
      expect(created.code).toBe(0)
      const { rows } = await pool.query<{ role: string }>(
        `select raw_app_meta_data ->> 'role' as role from auth.users where email = $1`,
        [email],
      )
      expect(rows).toEqual([{ role: 'admin' }])
    } finally {
      await pool.end()
      await cluster.stop()
    }

    // A postmaster.pid naming a live process whose port answers nothing: a clear refusal.
    const closedPort = cluster.port
    await fs.writeFile(
      path.join(cluster.clusterDir, 'postmaster.pid'),
      `${process.pid}\n${cluster.clusterDir}\n0\n${closedPort}\n\n127.0.0.1\n`,
    )
    const refused = await runCli(['promote', '--email', 'x@example.com'], { DATA_DIR: dataDir })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      `admin: The database in ${path.join(dataDir, 'pg')} is running (postmaster PID ${process.pid}) ` +
        `but could not be reached on 127.0.0.1:${closedPort}`,
    )
    await fs.rm(dataDir, { recursive: true, force: true })
  }, 120_000)
})
