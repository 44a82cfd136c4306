// Security headers on every response: a CSP without 'unsafe-inline' scripts, no framing, no
// sniffing, a strict referrer policy and every powerful browser feature switched off. Autoplay
// stays allowed for our own origin: the muted header loop and the radio's next track need it.
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { SCRIPT_LOADER_CSP } from './deferred-scripts.js'

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

export function contentSecurityPolicy(publicSupabaseUrl: string | undefined) {
  const connectSrc = ["'self'"]
  if (publicSupabaseUrl) connectSrc.push(new URL(publicSupabaseUrl).origin)
  return {
    'default-src': ["'self'"],
    // The one inline script: the loader that starts the JS after the first paint.
    'script-src': ["'self'", SCRIPT_LOADER_CSP],
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
): Promise<void> {
  await app.register(helmet, {
    global: true,
    // Helmet's defaults would add upgrade-insecure-requests, which breaks a plain-http LAN setup.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(publicSupabaseUrl),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  })
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY)
  })
}
