// What a resumable (TUS) request says in its headers, read with bounds before @tus/server sees it:
// the Upload-Metadata of a creation (the bucket, the object name, its type and cache control, the
// user's metadata, as storage-js' docs and Uppy send them), the lengths and offsets, and the id in
// the upload URL. Every refusal is a StorageError of status 400 (or 413 for a declared size past
// the limit), said in words; nothing here touches the database or the disk.
import { JsonBodyError, MAX_JSON_DEPTH, parseJsonObject } from '../../http/json-body.js'
import { invalidRequest, StorageError } from '../errors.js'
import { checkBucketName, checkObjectName } from '../names.js'
import { VERSION_PATTERN } from '../object-store.js'

/** The whole Upload-Metadata header; tus clients send a handful of short pairs. */
export const MAX_METADATA_HEADER = 8192
export const MAX_METADATA_PAIRS = 16
const MAX_KEY_LENGTH = 64
/** The user's own metadata (a JSON object), as decoded text. */
export const MAX_USER_METADATA = 4096
const MAX_CONTENT_TYPE = 255
const MAX_CACHE_CONTROL = 255
/** Lengths and offsets: at most 15 digits (under 1 PB), so they stay exact integers. */
const NUMBER = /^\d{1,15}$/
const METADATA_KEY = /^[A-Za-z0-9_.-]+$/
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
// type/subtype with optional parameters, no control characters (RFC 9110's token characters).
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;[\x20-\x7e]*)?$/

export interface CreationMetadata {
  bucket: string
  name: string
  contentType: string
  /** Stored as Storage stores it: a bare number of seconds becomes `max-age=<n>`. */
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

type Headers = Record<string, string | string[] | undefined>

function one(headers: Headers, name: string): string | undefined {
  const v = headers[name]
  if (Array.isArray(v)) throw invalidRequest(`${name} must be sent once`)
  return v
}

/** Upload-Length / Upload-Offset: absent, or a plain decimal of at most 15 digits. */
export function readNumberHeader(headers: Headers, name: string): number | undefined {
  const v = one(headers, name)
  if (v === undefined) return undefined
  if (!NUMBER.test(v)) throw invalidRequest(`${name} must be a whole number of bytes`)
  return Number(v)
}

/** Checks every header @tus/server will read, so its parsers only ever see bounded input. */
export function checkTusHeaders(headers: Headers): void {
  readNumberHeader(headers, 'upload-length')
  readNumberHeader(headers, 'upload-offset')
  const defer = one(headers, 'upload-defer-length')
  if (defer !== undefined && defer !== '1') throw invalidRequest('Upload-Defer-Length must be 1')
  const metadata = one(headers, 'upload-metadata')
  if (metadata !== undefined) parseUploadMetadata(metadata)
  if (one(headers, 'upload-concat') !== undefined) {
    throw invalidRequest('Upload-Concat is not supported')
  }
}

/**
 * The tus Upload-Metadata header: comma-separated `key base64value` pairs (a value may be absent),
 * each key once. One pass over a bounded string.
 */
export function parseUploadMetadata(header: string): Map<string, string> {
  if (header.length > MAX_METADATA_HEADER) {
    throw invalidRequest(`Upload-Metadata must be at most ${MAX_METADATA_HEADER} characters`)
  }
  const pairs = new Map<string, string>()
  if (header.trim() === '') return pairs
  const parts = header.split(',')
  if (parts.length > MAX_METADATA_PAIRS) {
    throw invalidRequest(`Upload-Metadata may hold at most ${MAX_METADATA_PAIRS} pairs`)
  }
  for (const part of parts) {
    const [key = '', value, extra] = part.trim().split(' ')
    if (extra !== undefined || key.length > MAX_KEY_LENGTH || !METADATA_KEY.test(key)) {
      throw invalidRequest('Upload-Metadata must be pairs of a key and a base64 value')
    }
    if (pairs.has(key)) throw invalidRequest(`Upload-Metadata names ${key} twice`)
    if (value !== undefined && !BASE64.test(value)) {
      throw invalidRequest(`Upload-Metadata's ${key} is not base64`)
    }
    const decoded = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8')
    if (decoded.includes('\uFFFD')) throw invalidRequest(`Upload-Metadata's ${key} is not UTF-8`)
    pairs.set(key, decoded)
  }
  return pairs
}

function cacheControlOf(value: string | undefined): string {
  const v = (value ?? '').trim()
  if (v === '') return 'max-age=3600'
  if (v.length > MAX_CACHE_CONTROL || !/^[\x20-\x7e]+$/.test(v)) {
    throw invalidRequest('cacheControl must be a short header value')
  }
  return /^\d+$/.test(v) ? `max-age=${v}` : v
}

function userMetadataOf(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined || text === '') return null
  if (text.length > MAX_USER_METADATA) {
    throw invalidRequest(`metadata must be at most ${MAX_USER_METADATA} characters`)
  }
  try {
    return parseJsonObject(text)
  } catch (e) {
    if (e instanceof JsonBodyError && e.problem === 'too-deep') {
      throw invalidRequest(`metadata must not be nested more than ${MAX_JSON_DEPTH} levels deep`)
    }
    throw invalidRequest('metadata must be a JSON object')
  }
}

/** What a creation (POST) asks for, from its Upload-Metadata. */
export function creationMetadata(header: string | undefined): CreationMetadata {
  const pairs = parseUploadMetadata(header ?? '')
  const bucket = pairs.get('bucketName')
  const name = pairs.get('objectName')
  if (!bucket || !name) {
    throw invalidRequest('Upload-Metadata must name the bucketName and the objectName')
  }
  const contentType = (pairs.get('contentType') ?? '').trim() || 'application/octet-stream'
  if (contentType.length > MAX_CONTENT_TYPE || !CONTENT_TYPE.test(contentType)) {
    throw invalidRequest('contentType must be a media type such as video/mp4')
  }
  return {
    bucket: checkBucketName(bucket),
    name: checkObjectName(name),
    contentType,
    cacheControl: cacheControlOf(pairs.get('cacheControl')),
    userMetadata: userMetadataOf(pairs.get('metadata')),
  }
}

/** The object an upload URL names: `<bucket>/<object name>/<version>`, base64url in the URL. */
export interface UploadTarget {
  bucket: string
  name: string
  version: string
}

/** The last URL segment of an upload, as hosted Storage makes it. */
export function encodeUploadId(target: UploadTarget): string {
  return Buffer.from(`${target.bucket}/${target.name}/${target.version}`, 'utf8').toString(
    'base64url',
  )
}

const notFound = () => new StorageError(404, 'NoSuchUpload', 'not_found', 'Upload not found')

/** Reads an upload URL's last segment; anything that is not one of ours is a 404. */
export function decodeUploadId(segment: string): UploadTarget {
  // bucket (100) + name (1024 bytes) + version (36) + separators, in base64.
  if (segment.length === 0 || segment.length > 1600 || !/^[A-Za-z0-9_-]+$/.test(segment)) {
    throw notFound()
  }
  const text = Buffer.from(segment, 'base64url').toString('utf8')
  const first = text.indexOf('/')
  const last = text.lastIndexOf('/')
  const version = text.slice(last + 1)
  if (first < 0 || first === last || !VERSION_PATTERN.test(version)) throw notFound()
  try {
    return {
      bucket: checkBucketName(text.slice(0, first)),
      name: checkObjectName(text.slice(first + 1, last)),
      version,
    }
  } catch {
    throw notFound()
  }
}

export { notFound as uploadNotFound }
