// `npm run admin -- create --email … --password …` creates a confirmed e-mail user whose
// app_metadata.role is 'admin'; `npm run admin -- promote --email …` gives an existing user that
// role. It reaches the database the way the server does (db/operator-database.ts: DATABASE_URL,
// else the embedded cluster of DATA_DIR, running or started for the moment), as the admin
// connection. It does not migrate: the server's first start does.
// Exit codes: 0 done, 1 failed (message on stderr), 2 usage error.
import { parseArgs } from 'node:util'
import type pg from 'pg'
import { AuthError } from './auth-api/errors.js'
import { PasswordStrength } from './auth-api/password-strength.js'
import { accountWords, checkPassword, checkStrength, hashPassword } from './auth-api/passwords.js'
import { checkEmail } from './auth-api/validation.js'
import { runOperatorCommand, UsageError } from './operator-command.js'
import { withTransaction } from './db/transaction.js'

const USAGE = `Usage:
  npm run admin -- create --email <email> --password <password>
      Creates a confirmed user with app_metadata.role = 'admin'.
  npm run admin -- promote --email <email>      (or: --promote --email <email>)
      Gives an existing user app_metadata.role = 'admin'.
Reads DATABASE_URL / DATA_DIR like the server. With the embedded database it uses the running
server's database, or starts the database itself when no server is running.
`

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
  return withTransaction(pool, async (client) => {
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
    return `Created the admin ${email} (id ${id}). Sign in with this e-mail and password.`
  })
}

process.exitCode = await runOperatorCommand({
  name: 'admin',
  usage: USAGE,
  parse: parseCommand,
  known: (e) => e instanceof CliError,
  run: async (_config, db, cmd) => {
    process.stdout.write(`${await run(db.pool, cmd)}\n`)
    return 0
  },
})
