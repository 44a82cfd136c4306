// What every bench needs to run a server of its own: a free port, a wait until /healthz answers,
// and a clean stop.
import type { ChildProcess } from 'node:child_process'
import net from 'node:net'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/** Resolves once `origin/healthz` answers 2xx; rejects when `child` exits first or time runs out. */
export async function waitForHealth(
  origin: string,
  child: ChildProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`the server did not become healthy in ${timeoutMs / 1000} s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
