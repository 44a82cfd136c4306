// startTestServer(): the real app (buildApp) on 127.0.0.1:0 over a FRESH database of the run's
// PostgreSQL, migrated (and seeded when asked), with real supabase-js clients for each kind of
// caller. Every test file gets its own database, so files never see each other's rows.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp } from '../../src/app.js'
import { signToken } from '../../src/caller/jwt.js'
import { loadConfig, type Config } from '../../src/config.js'
import { applyLimitSettings } from '../../src/db/limit-settings.js'
import { migrate } from '../../src/db/migrate.js'
import { nodeClient } from './node-client.js'
import {
  authenticatorUrl,
  type ApiPool,
  createAdminPool,
  createApiPool,
  ensureAuthenticatorPassword,
} from '../../src/db/pools.js'
import { deriveKeys, type Keys } from '../../src/keys.js'

export type ClientKind = 'anon' | 'service' | 'authenticated' | 'admin'

export interface ClientOptions {
  /** The user id of an 'authenticated' or 'admin' client; random when omitted. */
  sub?: string
  /** Extra JWT claims for 'authenticated' / 'admin'. */
  claims?: Record<string, unknown>
  /** Extra request headers on every call. */
  headers?: Record<string, string>
}

export interface TestServer {
  url: string
  keys: Keys
  config: Config
  /** Superuser pool on this server's database: for arranging and checking rows only. */
  adminPool: pg.Pool
  /** The API pool the app uses (logs in as authenticator). */
  apiPool: ApiPool
  databaseName: string
  client(kind: ClientKind, opts?: ClientOptions): SupabaseClient
  /** A token signed with the server's secret: role authenticated and a random sub by default. */
  tokenFor(claims?: Record<string, unknown>): Promise<string>
  close(): Promise<void>
}

export interface StartTestServerOptions {
  seed?: boolean
  env?: Partial<Config>
  /** Connections of the API pool (REST lane plus core lane); 10 by default. */
  poolMax?: number
  /** Rewrites the API pool's connection string (e.g. to go through a proxy a test can cut). */
  apiUrl?: (url: string) => string
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export async function startTestServer(opts: StartTestServerOptions = {}): Promise<TestServer> {
  const rootUrl = inject('adminUrl')
  const databaseName = `rd_${crypto.randomBytes(6).toString('hex')}`
  await adminQuery(rootUrl, `create database ${databaseName}`)
  const dbUrl = withDatabase(rootUrl, databaseName)
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-test-data-'))

  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    databaseUrl: dbUrl,
    jwtSecret: inject('jwtSecret'),
    ...opts.env,
  }
  const adminPool = createAdminPool(dbUrl)
  const password = inject('authenticatorPassword')
  let apiPool: ApiPool | undefined
  try {
    await migrate({
      adminPool,
      migrationsDir: config.migrationsDir,
      seedFile: config.seedFile,
      seed: opts.seed ? 'on' : 'off',
      log: { info: () => undefined, warn: () => undefined },
    })
    await applyLimitSettings(adminPool, config)
    await ensureAuthenticatorPassword(adminPool, dbUrl, password)
    const apiUrl = authenticatorUrl(dbUrl, password)
    apiPool = createApiPool(opts.apiUrl ? opts.apiUrl(apiUrl) : apiUrl, opts.poolMax ?? 10)
  } catch (e) {
    await adminPool.end()
    await adminQuery(rootUrl, `drop database if exists ${databaseName} with (force)`)
    throw e
  }
  const keys = await deriveKeys(config.jwtSecret ?? '')
  const app = await buildApp({ config, keys, pool: apiPool })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  const url = `http://127.0.0.1:${port}`

  const tokenFor = (claims: Record<string, unknown> = {}) =>
    signToken({ role: 'authenticated', sub: crypto.randomUUID(), ...claims }, keys.jwtSecret, 3600)

  const client = (kind: ClientKind, o: ClientOptions = {}): SupabaseClient => {
    const global = { headers: o.headers ?? {} }
    if (kind === 'anon') return nodeClient(url, keys.anonKey, { global })
    if (kind === 'service') return nodeClient(url, keys.serviceRoleKey, { global })
    const claims = {
      sub: o.sub ?? crypto.randomUUID(),
      ...(kind === 'admin' ? { app_metadata: { role: 'admin' } } : {}),
      ...o.claims,
    }
    let token: Promise<string> | undefined
    return nodeClient(url, keys.anonKey, {
      global,
      accessToken: async () => (token ??= tokenFor(claims)),
    })
  }

  let closed = false
  return {
    url,
    keys,
    config,
    adminPool,
    apiPool,
    databaseName,
    client,
    tokenFor,
    async close() {
      if (closed) return
      closed = true
      await app.close()
      await apiPool?.end()
      await adminPool.end()
      await adminQuery(rootUrl, `drop database if exists ${databaseName} with (force)`)
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Runs `fn` while anon may not read `table` (every read of it fails, as when a grant is missing
 * or the database refuses), then grants the read back, whatever `fn` did.
 */
export async function whileAnonCannotRead<T>(
  server: Pick<TestServer, 'adminPool'>,
  table: 'news' | 'events' | 'episodes',
  fn: () => Promise<T>,
): Promise<T> {
  await server.adminPool.query(`revoke select on public.${table} from anon`)
  try {
    return await fn()
  } finally {
    await server.adminPool.query(`grant select on public.${table} to anon`)
  }
}
