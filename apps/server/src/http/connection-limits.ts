// How many sockets the server holds and for how long (docs/decisions/293). A socket costs a file
// descriptor whether or not a request ever completes on it, so: at most `maxConnections` at once
// (beyond it Node closes new ones at once), at most `perClient` from one address (beyond it we
// close the newcomer before it is read), and a request's headers must arrive within
// `headersTimeout` (checked every second, not Node's default 30 s), its body within
// `requestTimeout`. The per-address cap counts the socket's own peer: behind a trusted proxy
// (TRUST_PROXY) every visitor shares the proxy's address, so the cap does not apply to it; the
// proxy then bounds its own connections.
import type { Server, ServerOptions } from 'node:http'
import type { Socket } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import type { Config } from '../config.js'
import { clientKey } from './client-address.js'

export interface ConnectionLimits {
  maxConnections: number
  perClient: number
  headersTimeoutMs: number
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
}

/** Options for http.createServer (Fastify's `http`): read only when the server is created. */
export function httpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // How often Node looks for requests past those timeouts (default 30 s).
    connectionsCheckingInterval: 1000,
  }
}

/** Whether the socket's peer is a proxy we trust (TRUST_PROXY), whose clients we cannot count. */
export function trustsPeer(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (trustProxy === true) return () => true
  if (trustProxy === false) return () => false
  if (typeof trustProxy === 'number') return () => trustProxy >= 1
  const trusted = proxyAddr.compile(trustProxy)
  return (address) => trusted(address, 0)
}

/** Applies the caps to a created (not yet listening) server. */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  isTrustedPeer: (address: string) => boolean,
): void {
  server.maxConnections = limits.maxConnections
  const open = new Map<string, number>()
  // Before Node's own listener: a refused socket is closed before any of it is parsed.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined || isTrustedPeer(address)) return
    const key = clientKey(address)
    const n = open.get(key) ?? 0
    if (n >= limits.perClient) {
      socket.destroy()
      return
    }
    open.set(key, n + 1)
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1
      if (left <= 0) open.delete(key)
      else open.set(key, left)
    })
  })
}
