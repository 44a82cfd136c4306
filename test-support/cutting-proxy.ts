// Shared by the server suite (apps/server/test) and the browser tests (apps/web/e2e).
// A loopback TCP proxy that drops a connection once, the moment `cutAfterBytes` bytes have gone
// from clients to the server: the connection carrying those bytes (an upload's, lost mid-body, as
// on a train) is reset. Other connections, and later ones, pass untouched, so a client that
// retries goes on, and the page's other requests at that moment are not made to fail with it.
import net from 'node:net'

export interface CuttingProxy {
  /** `http://127.0.0.1:<port>`, to use instead of the server's own URL. */
  url: string
  /** Client bytes forwarded so far. */
  readonly forwarded: number
  /** Whether the cut has happened. */
  readonly cut: boolean
  close(): Promise<void>
}

export async function startCuttingProxy(
  targetPort: number,
  cutAfterBytes: number,
): Promise<CuttingProxy> {
  const sockets = new Set<net.Socket>()
  let forwarded = 0
  let cut = false
  const server = net.createServer((inbound) => {
    const outbound = net.connect(targetPort, '127.0.0.1')
    for (const s of [inbound, outbound]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => undefined)
    }
    inbound.on('data', (chunk: Buffer) => {
      forwarded += chunk.length
      if (!cut && forwarded > cutAfterBytes) {
        cut = true
        inbound.resetAndDestroy()
        outbound.resetAndDestroy()
        return
      }
      if (!outbound.write(chunk)) inbound.pause()
    })
    outbound.on('drain', () => inbound.resume())
    inbound.on('end', () => outbound.end())
    outbound.pipe(inbound)
    inbound.on('close', () => outbound.destroy())
    outbound.on('close', () => inbound.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get forwarded() {
      return forwarded
    },
    get cut() {
      return cut
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
