// Security headers on every response: a CSP without 'unsafe-inline' scripts, no framing, no
// sniffing, a strict referrer policy and every powerful browser feature switched off. Autoplay
// stays allowed for our own origin: the muted header loop and the radio's next track need it.
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat('autoplay=(self)')
  .join(', ')

/**
 * `inlineScripts`: the hash sources of the web build's own inline scripts (index.html's age
 * gate check, static-site.ts inlineScriptHashes); no other inline script may run.
 */
export function contentSecurityPolicy(
  publicSupabaseUrl: string | undefined,
  inlineScripts: readonly string[] = [],
) {
  const connectSrc = ["'self'"]
  if (publicSupabaseUrl) connectSrc.push(new URL(publicSupabaseUrl).origin)
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': connectSrc,
    // Episodes embed the Google Drive player.
    'frame-src': ['https://drive.google.com'],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicSupabaseUrl: string | undefined,
  inlineScripts: readonly string[] = [],
): Promise<void> {
  await app.register(helmet, {
    global: true,
    // Helmet's defaults would add upgrade-insecure-requests, which breaks a plain-http LAN setup.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(publicSupabaseUrl, inlineScripts),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  })
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY)
  })
}
