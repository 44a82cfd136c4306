// Fixture process for the crash tests: starts an embedded cluster in argv[2], prints
// "ready <port>", then waits to be killed.
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js'

const [dataDir, password] = process.argv.slice(2) as [string, string]
const pg = await startEmbeddedPostgres({
  dataDir,
  superuserPassword: password,
  log: { info: () => undefined, warn: () => undefined },
})
process.stdout.write(`ready ${pg.port}\n`)
setInterval(() => undefined, 60_000)
