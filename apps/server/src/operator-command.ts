// The frame of an operator command (`npm run admin`, `npm run storage`): parse the arguments
// (usage on stderr and exit code 2 when they are wrong), read the environment, open the database
// (db/operator-database.ts), run, and close it again. Known failures print their message only;
// exit code 1.
import { ConfigError, loadConfig, type Config } from './config.js'
import {
  openOperatorDatabase,
  OperatorError,
  type OperatorDatabase,
} from './db/operator-database.js'

/** Wrong arguments: the message (if any) and the usage go to stderr, exit code 2. */
export class UsageError extends Error {}

export async function runOperatorCommand<C>(o: {
  /** Prefix of error messages, e.g. `admin`. */
  name: string
  usage: string
  parse(argv: string[]): C
  run(config: Config, db: OperatorDatabase, cmd: C): Promise<number>
  /** Failures to report by their message alone, besides configuration and connection ones. */
  known?: (e: unknown) => boolean
}): Promise<number> {
  let cmd: C
  try {
    cmd = o.parse(process.argv.slice(2))
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    process.stderr.write(e.message ? `${e.message}\n\n${o.usage}` : o.usage)
    return 2
  }
  let db: OperatorDatabase | undefined
  try {
    const config = loadConfig(process.env)
    db = await openOperatorDatabase(config)
    return await o.run(config, db, cmd)
  } catch (e) {
    const known = e instanceof OperatorError || e instanceof ConfigError || o.known?.(e)
    process.stderr.write(
      `${o.name}: ${known ? (e as Error).message : String((e as Error).message ?? e)}\n`,
    )
    return 1
  } finally {
    await db?.close()
  }
}
