// What an object may say it is, and how it is served. An upload's Content-Type must be one valid
// media type (`image/png; charset=utf-8, text/html` is not): it is stored as `type/subtype`, plus
// a charset only from CHARSETS; any other parameter (`codecs=opus`) is dropped. A bucket's
// allow-list is checked against exactly what is stored.
//
// Served, only audio, video and raster images are shown inline as themselves (under a sandbox
// CSP: opened directly, the browser's own media page still plays them). Anything else (HTML, SVG,
// XML, scripts, PDF, text…) is an attachment under a sandbox CSP that allows nothing: even opened
// directly, it is never a page of this site that runs script. A type recorded before this rule
// is re-checked on the way out (an invalid one is served as bytes).
import { parse } from 'content-type'

const CHARSETS = new Set(['utf-8', 'us-ascii', 'iso-8859-1'])

/** The stored form of an upload's Content-Type, or undefined when it is not acceptable. */
export function storedMediaType(header: string): string | undefined {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(header)
  } catch {
    return undefined
  }
  const charset = parsed.parameters.charset?.toLowerCase()
  if (charset !== undefined && !CHARSETS.has(charset)) return undefined
  return charset === undefined ? parsed.type : `${parsed.type}; charset=${charset}`
}

/** Raster image types a browser shows as an image and never runs. */
const RASTER_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
])

/** Audio, video and raster images: shown inline as themselves. */
export function isPassiveMedia(type: string): boolean {
  const base = type.split(';', 1)[0] ?? ''
  return base.startsWith('audio/') || base.startsWith('video/') || RASTER_IMAGES.has(base)
}

/** The headers an object is served with, from its recorded type. */
export function servingHeaders(recorded: string | undefined): Record<string, string> {
  const type = (recorded && storedMediaType(recorded)) ?? 'application/octet-stream'
  if (isPassiveMedia(type)) return { 'content-type': type, 'content-security-policy': 'sandbox' }
  return {
    'content-type': type,
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': 'attachment',
  }
}
