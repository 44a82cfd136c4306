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
 * `mediaUrl`: a CDN serving public storage objects (S3_PUBLIC_URL). Stored media may come from
 * there or from the API's own origin, when that is not the page's (docs/deploy.md).
 */
export function contentSecurityPolicy(
  publicSupabaseUrl: string | undefined,
  inlineScripts: readonly string[] = [],
  mediaUrl?: string,
) {
  const connectSrc = ["'self'"]
  if (publicSupabaseUrl) connectSrc.push(new URL(publicSupabaseUrl).origin)
  const mediaOrigins = [...connectSrc.slice(1), ...(mediaUrl ? [new URL(mediaUrl).origin] : [])]
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
    'media-src': ["'self'", 'blob:', ...mediaOrigins],
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
  mediaUrl?: string,
): Promise<void> {
  await app.register(helmet, {
    global: true,
    // Helmet's defaults would add upgrade-insecure-requests, which breaks a plain-http LAN setup.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(publicSupabaseUrl, inlineScripts, mediaUrl),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  })
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY)
  })
}
