// Scheduled backups in the running server (BACKUP_EVERY, BACKUP_KEEP): one archive every period,
// then all but the newest BACKUP_KEEP are removed. A failed backup is logged and the next one
// still runs; shutdown waits for a backup in progress.
import { pruneBackups, type BackupResult } from './archive.js'

export interface BackupSchedule {
  stop(): Promise<void>
}

export function scheduleBackups(opts: {
  everyMs: number
  keep: number
  backupDir: string
  run: () => Promise<BackupResult>
  log: { info(msg: string): void; error(msg: string): void }
}): BackupSchedule {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = false

  const once = async () => {
    try {
      await opts.run()
      const removed = await pruneBackups(opts.backupDir, opts.keep)
      if (removed.length > 0) opts.log.info(`removed old backups: ${removed.join(', ')}`)
    } catch (e) {
      opts.log.error(`scheduled backup failed: ${(e as Error).message}`)
    }
  }
  const next = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = once().then(next)
    }, opts.everyMs)
  }
  next()
  opts.log.info(
    `backups every ${opts.everyMs / 1000} s into ${opts.backupDir}, keeping the last ${opts.keep}`,
  )
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
