// The server's jobs on the queue, wired to the configuration: used by the server process (worker
// in-process, the default) and by `npm run worker` (worker-main.ts) alike.
import type { Config } from '../config.js'
import { createNewsletterTransport } from '../newsletter/mail.js'
import { newsletterTasks } from '../newsletter/sends.js'
import { linkSigner } from '../newsletter/tokens.js'
import { startQueueWorker, type QueueLog, type QueueWorker } from './worker.js'

export async function startJobs(opts: {
  config: Config
  adminUrl: string
  jwtSecret: Uint8Array
  log: QueueLog
}): Promise<QueueWorker> {
  const { config } = opts
  const transport = config.smtp ? createNewsletterTransport(config.smtp) : undefined
  const worker = await startQueueWorker({
    adminUrl: opts.adminUrl,
    concurrency: config.queue.concurrency,
    log: opts.log,
    taskList: (pool) =>
      newsletterTasks({
        pool,
        siteUrl: config.siteUrl,
        signer: linkSigner(opts.jwtSecret),
        transport,
      }),
  })
  return {
    async stop() {
      await worker.stop()
      transport?.close()
    },
  }
}
