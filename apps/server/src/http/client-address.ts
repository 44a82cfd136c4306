// Who a request counts against, for every per-client limit: the address Fastify reports
// (`request.ip`, which follows X-Forwarded-For only as far as TRUST_PROXY allows), with an IPv6
// client taken by its /64, since one household or phone gets a whole /64 and could otherwise pick a
// fresh address per request. The database never sees the address itself: limits and the giveaway
// use a keyed hash of it (`request.ip_hash`), so a leaked table names no one.
import crypto from 'node:crypto'
import net from 'node:net'

/** The limit key of an address: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its /64. */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1] as string
  if (net.isIPv4(ip)) return ip
  if (!net.isIPv6(ip)) return ip
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::', 2) as [string, string | undefined]
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const missing = 8 - left.length - right.length
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right]
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
}

/** Hashes limit keys with a key derived from the JWT secret: stable across restarts and replicas. */
export function createClientHasher(jwtSecret: Uint8Array): (ip: string) => string {
  const key = crypto.createHmac('sha256', jwtSecret).update('rent-due client address').digest()
  const cache = new Map<string, string>()
  return (ip) => {
    const k = clientKey(ip)
    let h = cache.get(k)
    if (h === undefined) {
      h = crypto.createHmac('sha256', key).update(k).digest('base64url').slice(0, 22)
      if (cache.size >= 10_000) cache.clear()
      cache.set(k, h)
    }
    return h
  }
}
