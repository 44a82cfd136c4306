// How operator commands (`npm run admin`, `npm run storage`) reach the database the server uses,
// as its admin connection: DATABASE_URL when set; else the embedded cluster of DATA_DIR, through
// the running postmaster when a server is up (port from DATA_DIR/pg/postmaster.pid, superuser
// password from secrets.json), or started for the moment the command needs it (one postmaster
// per data directory, decision 093). Operator tools only, never on the request path.
import path from 'node:path'
import pg from 'pg'
import type { Config } from '../config.js'
import { loadOrCreateSecrets } from '../keys.js'
import {
  readPostmasterPid,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded-postgres.js'
import { createAdminPool } from './pools.js'

/** A failure worth showing the operator as it is (no stack). */
export class OperatorError extends Error {}

export interface OperatorDatabase {
  pool: pg.Pool
  /** Ends the pool, and stops the cluster if this command started it. */
  close(): Promise<void>
}

/** The postmaster of DATA_DIR's embedded cluster, when its postmaster.pid names a live one. */
interface RunningPostmaster {
  pid: number
  host: string
  port: number
}

async function findRunningPostmaster(dataDir: string): Promise<RunningPostmaster | undefined> {
  const postmaster = await readPostmasterPid(path.join(dataDir, 'pg'))
  const port = postmaster?.port
  return postmaster && port !== undefined ? { ...postmaster, port } : undefined
}

/** Connects to the running postmaster as the superuser, or explains clearly why it cannot. */
async function runningClusterUrl(
  running: RunningPostmaster,
  dataDir: string,
  password: string,
): Promise<string> {
  const host = running.host.includes(':') ? `[${running.host}]` : running.host
  const url = `postgres://postgres:${encodeURIComponent(password)}@${host}:${running.port}/postgres`
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  try {
    await probe.connect()
    return url
  } catch (e) {
    throw new OperatorError(
      `The database in ${path.join(dataDir, 'pg')} is running (postmaster PID ${running.pid}) but ` +
        `could not be reached on ${running.host}:${running.port} (${(e as Error).message}). ` +
        "Check that DATA_DIR is the running server's and its secrets.json is readable, or stop " +
        'the server and run this again, or set DATABASE_URL.',
    )
  } finally {
    await probe.end().catch(() => undefined)
  }
}

export async function openOperatorDatabase(config: Config): Promise<OperatorDatabase> {
  let embedded: EmbeddedPostgres | undefined
  let url = config.databaseUrl
  if (url === undefined) {
    const secrets = await loadOrCreateSecrets(config.dataDir)
    const running = await findRunningPostmaster(config.dataDir)
    if (running) {
      url = await runningClusterUrl(running, config.dataDir, secrets.postgresPassword)
    } else {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        superuserPassword: secrets.postgresPassword,
        log: { info: () => undefined, warn: (m) => process.stderr.write(`${m}\n`) },
      })
      url = embedded.adminUrl
    }
  }
  const pool = createAdminPool(url)
  return {
    pool,
    async close() {
      await pool.end().catch(() => undefined)
      await embedded?.stop().catch(() => undefined)
    },
  }
}
