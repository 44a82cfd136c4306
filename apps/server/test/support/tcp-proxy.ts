// A loopback TCP proxy a test can cut and restore: the database "goes away" for the server
// behind it (open connections reset, new ones refused) and comes back on the same port.
import net from 'node:net'

export interface TcpProxy {
  port: number
  /** Resets every open connection and stops listening: connects are refused. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((inbound) => {
    const outbound = net.connect(targetPort, targetHost)
    for (const s of [inbound, outbound]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => undefined)
    }
    inbound.pipe(outbound).pipe(inbound)
    inbound.on('close', () => outbound.destroy())
    outbound.on('close', () => inbound.destroy())
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.resetAndDestroy()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })
  const port = await listen(0)
  return { port, cut: stop, restore: () => listen(port).then(() => undefined), close: stop }
}
