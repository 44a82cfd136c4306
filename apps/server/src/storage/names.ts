// Bucket and object names as hosted Storage accepts them (src/storage/limits.ts), plus the rules
// that keep a name harmless on our side: no `..` segment, no absolute path, no control character.
// Files are stored by version id, never by name, so these checks are about answering exactly what
// Supabase answers rather than about the filesystem.
import { invalidBucketName, invalidKey } from './errors.js'

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/
export const MAX_BUCKET_NAME = 100
export const MAX_OBJECT_NAME = 1024

export function checkBucketName(name: string): string {
  if (name.length < 1 || name.length > MAX_BUCKET_NAME || !VALID_BUCKET_NAME.test(name)) {
    throw invalidBucketName(name)
  }
  return name
}

export function checkObjectName(name: string): string {
  const segments = name.split('/')
  if (
    name.length < 1 ||
    Buffer.byteLength(name) > MAX_OBJECT_NAME ||
    !VALID_OBJECT_KEY.test(name) ||
    name.startsWith('/') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw invalidKey(name)
  }
  return name
}

/**
 * Splits the part of a URL path after `/object/` (or `/object/public/`) into bucket and object
 * name, decoding each segment on its own (docs/api-coverage.md#storage-storagev1: `%20` is a space,
 * `+` stays `+`, and an encoded `%2F` cannot smuggle in a separator because it is validated after
 * decoding).
 */
export function splitObjectPath(rawPath: string): { bucket: string; name: string } {
  const raw = rawPath.split('?', 1)[0] ?? ''
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s)
    } catch {
      throw invalidKey(raw)
    }
  }
  const [bucketPart = '', ...rest] = raw.split('/')
  const bucket = checkBucketName(decode(bucketPart))
  const name = rest.map(decode).join('/')
  return { bucket, name: checkObjectName(name) }
}
