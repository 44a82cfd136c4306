// DATA_DIR/server.lock: which process runs the embedded cluster of this DATA_DIR, and which
// postmaster it started. It lets a start tell a live server (refuse: two servers must never share
// a cluster) from one that died and left its PostgreSQL running (ours to stop and start again),
// and both from a PostgreSQL that someone else started in the cluster (refuse, never touch).
// A process is named by its PID and, on Linux, its start time, so a reused PID is not mistaken
// for the owner.
import { readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'

export interface LockOwner {
  pid: number
  /** Linux: the process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
  started: string | null
  /** The postmaster this owner started last, once it has. */
  postmasterPid: number | null
}

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly owner: LockOwner,
  ) {
    super(message)
  }
}

export const LOCK_FILE = 'server.lock'

/** The start time of a process, or null where it cannot be known (no /proc, gone). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces), from field 3 on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

/** Alive for kill(pid, 0): a zombie (killed, not yet reaped) still counts, as PostgreSQL sees it. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** True while the owner process itself (not a later process with its PID) runs. */
export function ownerAlive(owner: LockOwner): boolean {
  if (!pidAlive(owner.pid)) return false
  if (owner.started === null) return true
  const now = processStartTime(owner.pid)
  return now === null || now === owner.started
}

function parse(text: string): LockOwner | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockOwner>
    if (typeof v.pid !== 'number' || !Number.isInteger(v.pid) || v.pid <= 0) return undefined
    return {
      pid: v.pid,
      started: typeof v.started === 'string' ? v.started : null,
      postmasterPid: typeof v.postmasterPid === 'number' ? v.postmasterPid : null,
    }
  } catch {
    return undefined
  }
}

export async function readLock(dataDir: string): Promise<LockOwner | undefined> {
  const text = await fs.readFile(path.join(dataDir, LOCK_FILE), 'utf8').catch(() => undefined)
  return text === undefined ? undefined : parse(text)
}

export interface DataDirLock {
  /** The owner this lock replaced: a server that died without releasing it. */
  previous: LockOwner | undefined
  /** Records the postmaster this process has just started. */
  setPostmaster(pid: number): Promise<void>
  /** Removes the lock if it is still this process's. */
  release(): Promise<void>
}

/**
 * Takes DATA_DIR for this process. Throws DataDirLockedError when a live process holds it
 * (this process included: one cluster, one owner). A lock whose owner is gone is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE)
  const me: LockOwner = {
    pid: process.pid,
    started: processStartTime(process.pid),
    postmasterPid: null,
  }
  const write = async (owner: LockOwner) => {
    const tmp = `${file}.${process.pid}.tmp`
    await fs.writeFile(tmp, JSON.stringify(owner) + '\n', { mode: 0o644 })
    return tmp
  }
  let previous: LockOwner | undefined
  for (let attempt = 0; ; attempt++) {
    const tmp = await write(me)
    try {
      // link() fails if the lock exists: of two starting servers, one wins.
      await fs.link(tmp, file)
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw e
    } finally {
      await fs.rm(tmp, { force: true })
    }
    const text = await fs.readFile(file, 'utf8').catch(() => undefined)
    if (text === undefined) continue
    const owner = parse(text)
    if (owner && ownerAlive(owner)) {
      throw new DataDirLockedError(
        `Another Rent Due server (PID ${owner.pid}) is using ${dataDir}.`,
        owner,
      )
    }
    previous = owner
    await fs.rm(file, { force: true })
  }
  const mine = async () => (await readLock(dataDir))?.pid === me.pid
  return {
    previous,
    async setPostmaster(pid) {
      if (!(await mine())) return
      const tmp = await write({ ...me, postmasterPid: pid })
      await fs.rename(tmp, file)
    },
    async release() {
      if (await mine()) await fs.rm(file, { force: true })
    },
  }
}
