// The server process: read the environment, bring up the database (embedded cluster or
// DATABASE_URL, migrations, first-start seed), build the app, listen; on SIGTERM/SIGINT close the
// HTTP server, end the pools, stop the embedded PostgreSQL and exit 0, one log line per step.
import { buildApp } from './app.js'
import { checkServerConfig, ConfigError, loadConfig, type Config } from './config.js'
import { openDatabase, type Database } from './db/database.js'
import {
  authenticatorPassword,
  deriveKeys,
  effectiveJwtSecret,
  loadOrCreateSecrets,
} from './keys.js'
import type { SeedHook } from './db/migrate.js'
import { storageSeedHook } from './storage/seed.js'

// Run after seed.sql, only when it ran (a first start): the sample media goes into storage.
const seedHooks: SeedHook[] = []

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 }

/** JSON lines like Fastify's own logger, for the steps before and after the app exists. */
function createLogger(level: Config['logLevel']) {
  const write = (lvl: keyof typeof LEVELS, msg: string) => {
    if (LEVELS[lvl] < LEVELS[level]) return
    const line = JSON.stringify({ level: LEVELS[lvl], time: Date.now(), pid: process.pid, msg })
    ;(lvl === 'error' || lvl === 'fatal' ? process.stderr : process.stdout).write(line + '\n')
  }
  return {
    info: (msg: string) => write('info', msg),
    warn: (msg: string) => write('warn', msg),
    error: (msg: string) => write('error', msg),
  }
}

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
    checkServerConfig(config)
  } catch (e) {
    process.stderr.write(`${e instanceof ConfigError ? e.message : String(e)}\n`)
    process.exit(1)
  }
  const log = createLogger(config.logLevel)
  seedHooks.push(storageSeedHook(config))
  let db: Database | undefined
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let shuttingDown = false

  const shutdown = async (signal: string) => {
    if (shuttingDown) return
    shuttingDown = true
    log.info(`received ${signal}: shutting down`)
    // A start in progress (initdb, migrations) finishes first, so no PostgreSQL is left orphaned.
    await startup
    try {
      await app?.close()
      log.info('http server closed')
      if (db) {
        await db.apiPool.end().catch(() => undefined)
        await db.adminPool.end().catch(() => undefined)
        log.info('database pools closed')
        if (db.embedded) {
          await db.embedded.stop()
          log.info('embedded PostgreSQL stopped')
        }
      }
      log.info('bye')
      process.exit(0)
    } catch (e) {
      log.error(`shutdown failed: ${(e as Error).message}`)
      process.exit(1)
    }
  }
  const startup = start()
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  async function start(): Promise<void> {
    try {
      // With DATABASE_URL the secret is JWT_SECRET (checkServerConfig) and there is no embedded
      // superuser, so nothing is generated into DATA_DIR: replicas need no disk of their own.
      const secrets = config.databaseUrl ? undefined : await loadOrCreateSecrets(config.dataDir)
      const jwtSecret = secrets ? effectiveJwtSecret(config.jwtSecret, secrets) : config.jwtSecret
      if (jwtSecret === undefined) throw new Error('JWT_SECRET is required with DATABASE_URL')
      const keys = await deriveKeys(jwtSecret)
      db = await openDatabase({
        config,
        superuserPassword: secrets?.postgresPassword ?? '',
        authenticatorPassword: authenticatorPassword(jwtSecret),
        log,
        seedHooks,
      })
      if (db.embedded) {
        void db.embedded.exited.then(() => {
          // Ctrl-C in a terminal signals postgres too: give our own handler a moment to claim it.
          setTimeout(() => {
            if (shuttingDown) return
            log.error('embedded PostgreSQL exited unexpectedly: stopping the server')
            process.exit(1)
          }, 500).unref()
        })
      }
      log.info(
        `database ready (${db.migrations.applied.length} new migrations` +
          `${db.migrations.seeded ? ', seeded' : ''})`,
      )
      if (shuttingDown) return
      app = await buildApp({ config, keys, pool: db.apiPool })
      if (shuttingDown) return
      const address = await app.listen({ port: config.port, host: config.host })
      log.info(`Rent Due is ready on ${address} (site URL ${config.siteUrl})`)
    } catch (e) {
      log.error(`startup failed: ${(e as Error).message}`)
      await app?.close().catch(() => undefined)
      await db?.close().catch(() => undefined)
      process.exit(1)
    }
  }
}

void main()
