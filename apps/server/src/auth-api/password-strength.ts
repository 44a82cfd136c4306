// Password strength by zxcvbn (@zxcvbn-ts, docs/decisions/220), run in one worker thread that is
// started by the first check and kept for the server's life: the dictionaries (about 1.6 MB of
// word lists) load once, off the event loop, and only in a process that ever judges a password.
// Checks queue in that worker, at most MAX_PENDING at a time (beyond that a check fails at once
// with PasswordCheckBusy rather than wait behind a flood); a worker that dies fails its pending
// checks and the next check starts a fresh one.
import { Worker } from 'node:worker_threads'

export interface StrengthVerdict {
  /** zxcvbn's 0–4 (3: guesses ≥ 10^8, "safely unguessable"). */
  score: number
  /** A dictionary match in zxcvbn's common-password list decided (part of) the estimate. */
  commonPassword: boolean
}

export interface StrengthRequest {
  id: number
  password: string
  userInputs: string[]
}

export type StrengthReply = { id: number; verdict: StrengthVerdict } | { id: number; error: string }

/** Checks waiting at most; about 10 s of work at the worst-case cost of a check. */
export const MAX_PENDING = 100

export class PasswordCheckBusy extends Error {
  constructor() {
    super('too many password checks are waiting')
  }
}

interface Pending {
  resolve(verdict: StrengthVerdict): void
  reject(error: Error): void
}

/**
 * The built server runs the .js worker. Tests and `npm run dev` run from source, and a worker
 * thread does not inherit tsx's loader on Node 20, so there a two-line bootstrap loads the .ts
 * worker through tsx's own API.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./password-strength-worker.js', import.meta.url))
  }
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const entry = JSON.stringify(new URL('./password-strength-worker.ts', import.meta.url).href)
  return new Worker(`import(${tsx}).then(({ tsImport }) => tsImport(${entry}, ${entry}))`, {
    eval: true,
  })
}

export class PasswordStrength {
  private worker: Worker | undefined
  private readonly pending = new Map<number, Pending>()
  private nextId = 0

  constructor(private readonly maxPending = MAX_PENDING) {}

  check(password: string, userInputs: string[] = []): Promise<StrengthVerdict> {
    if (this.pending.size >= this.maxPending) return Promise.reject(new PasswordCheckBusy())
    const worker = this.worker ?? this.start()
    const id = this.nextId++
    return new Promise<StrengthVerdict>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      // Held open only while it has work, so a CLI that checked a password can exit.
      worker.ref()
      worker.postMessage({ id, password, userInputs } satisfies StrengthRequest)
    })
  }

  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    await worker?.terminate()
  }

  private start(): Worker {
    const worker = startWorker()
    worker.unref()
    worker.on('message', (reply: StrengthReply) => {
      const p = this.pending.get(reply.id)
      if (!p) return
      this.pending.delete(reply.id)
      if (this.pending.size === 0) worker.unref()
      if ('error' in reply) p.reject(new Error(`password strength check failed: ${reply.error}`))
      else p.resolve(reply.verdict)
    })
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined
      for (const p of this.pending.values()) p.reject(error)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the password strength worker exited (${code})`)))
    this.worker = worker
    return worker
  }
}
