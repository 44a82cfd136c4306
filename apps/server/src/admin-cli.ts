// `npm run admin -- create --email … --password …` creates a confirmed e-mail user whose
// app_metadata.role is 'admin'; `npm run admin -- promote --email …` gives an existing user that
// role. It reaches the database the way the server does (DATABASE_URL, else the embedded cluster in
// DATA_DIR) as the admin connection: an operator tool, never on the request path. With the
// embedded cluster it connects to the running postmaster of DATA_DIR when a server is up (port
// from DATA_DIR/pg/postmaster.pid, superuser password from secrets.json), else starts the cluster
// itself for the moment it needs it (one postmaster per data directory, decision 093); with
// DATABASE_URL it simply connects. It does not migrate: the server's first start does.
// Exit codes: 0 done, 1 failed (message on stderr), 2 usage error.
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { AuthError } from './auth-api/errors.js'
import { PasswordStrength } from './auth-api/password-strength.js'
import { accountWords, checkPassword, checkStrength, hashPassword } from './auth-api/passwords.js'
import { checkEmail } from './auth-api/validation.js'
import { ConfigError, loadConfig } from './config.js'
import {
  readPostmasterPid,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './db/embedded-postgres.js'
import { createAdminPool } from './db/pools.js'
import { loadOrCreateSecrets } from './keys.js'

const USAGE = `Usage:
  npm run admin -- create --email <email> --password <password>
      Creates a confirmed user with app_metadata.role = 'admin'.
  npm run admin -- promote --email <email>      (or: --promote --email <email>)
      Gives an existing user app_metadata.role = 'admin'.
Reads DATABASE_URL / DATA_DIR like the server. With the embedded database it uses the running
server's database, or starts the database itself when no server is running.
`

class UsageError extends Error {}
class CliError extends Error {}

interface Command {
  action: 'create' | 'promote'
  email: string
  password?: string
}

function parseCommand(argv: string[]): Command {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        promote: { type: 'boolean' },
        create: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) throw new UsageError('')
  const actions = new Set<string>(positionals)
  if (values.promote) actions.add('promote')
  if (values.create) actions.add('create')
  if (actions.size !== 1) throw new UsageError('Give exactly one command: create or promote.')
  const action = [...actions][0]
  if (action !== 'create' && action !== 'promote') {
    throw new UsageError(`Unknown command "${action}".`)
  }
  if (values.email === undefined) throw new UsageError('--email is required.')
  if (action === 'create' && values.password === undefined) {
    throw new UsageError('--password is required for create.')
  }
  return { action, email: values.email, password: values.password }
}

function validated(fn: () => string): string {
  try {
    return fn()
  } catch (e) {
    if (e instanceof AuthError) throw new CliError(e.message)
    throw e
  }
}

/** The sign-up rule for admins too: a password zxcvbn cannot guess (decision 220). */
async function checkAdminPassword(password: string, email: string): Promise<void> {
  const strength = new PasswordStrength()
  try {
    await checkStrength(strength, password, accountWords(email))
  } catch (e) {
    if (e instanceof AuthError) throw new CliError(e.message)
    throw e
  } finally {
    await strength.close()
  }
}

function alreadyExists(email: string) {
  return new CliError(
    `A user with the e-mail ${email} already exists; to make it an admin run: ` +
      `npm run admin -- promote --email ${email}`,
  )
}

/** Says so before the password is judged (the insert below still guards against a race). */
async function refuseExisting(pool: pg.Pool, email: string): Promise<void> {
  const { rowCount } = await pool.query('select from auth.users where email = $1', [email])
  if (rowCount) throw alreadyExists(email)
}

async function run(pool: pg.Pool, cmd: Command): Promise<string> {
  const email = validated(() => checkEmail(cmd.email))
  const { rows: ready } = await pool.query<{ t: string | null }>(
    `select to_regclass('auth.users')::text as t`,
  )
  if (!ready[0]?.t) {
    throw new CliError(
      'The auth tables do not exist yet: start the server once (it applies the migrations), ' +
        'then run this again.',
    )
  }
  if (cmd.action === 'promote') {
    const { rows } = await pool.query<{ id: string }>(
      `update auth.users
       set raw_app_meta_data = raw_app_meta_data || '{"role": "admin"}', updated_at = now()
       where email = $1 returning id`,
      [email],
    )
    if (!rows[0]) throw new CliError(`No user with the e-mail ${email}.`)
    return (
      `${email} (id ${rows[0].id}) is now an admin. Tokens issued from now on carry ` +
      `app_metadata.role = 'admin'; a signed-in session gets it at its next refresh.`
    )
  }
  const password = validated(() => checkPassword(cmd.password, 'A password is required'))
  await refuseExisting(pool, email)
  await checkAdminPassword(password, email)
  const passwordHash = await hashPassword(password)
  const client = await pool.connect()
  try {
    await client.query('begin')
    const { rows } = await client.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data)
       values ($1, $2, now(), '{"provider": "email", "providers": ["email"], "role": "admin"}')
       on conflict (email) do nothing returning id`,
      [email, passwordHash],
    )
    const id = rows[0]?.id
    if (id === undefined) throw alreadyExists(email)
    await client.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1::text, $1::text::uuid, $2, 'email')`,
      [id, JSON.stringify({ sub: id, email, email_verified: true, phone_verified: false })],
    )
    await client.query('commit')
    return `Created the admin ${email} (id ${id}). Sign in with this e-mail and password.`
  } catch (e) {
    await client.query('rollback').catch(() => undefined)
    throw e
  } finally {
    client.release()
  }
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
    throw new CliError(
      `The database in ${path.join(dataDir, 'pg')} is running (postmaster PID ${running.pid}) but ` +
        `could not be reached on ${running.host}:${running.port} (${(e as Error).message}). ` +
        "Check that DATA_DIR is the running server's and its secrets.json is readable, or stop " +
        'the server and run this again, or set DATABASE_URL.',
    )
  } finally {
    await probe.end().catch(() => undefined)
  }
}

async function main(): Promise<number> {
  let cmd: Command
  try {
    cmd = parseCommand(process.argv.slice(2))
  } catch (e) {
    const message = (e as Error).message
    process.stderr.write(message ? `${message}\n\n${USAGE}` : USAGE)
    return 2
  }
  let embedded: EmbeddedPostgres | undefined
  let pool: pg.Pool | undefined
  try {
    const config = loadConfig(process.env)
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
    pool = createAdminPool(url)
    process.stdout.write(`${await run(pool, cmd)}\n`)
    return 0
  } catch (e) {
    const known = e instanceof CliError || e instanceof ConfigError
    process.stderr.write(`admin: ${known ? e.message : String((e as Error).message ?? e)}\n`)
    return 1
  } finally {
    await pool?.end().catch(() => undefined)
    await embedded?.stop().catch(() => undefined)
  }
}

process.exitCode = await main()
