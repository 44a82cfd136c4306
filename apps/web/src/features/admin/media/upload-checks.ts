// What the media manager checks before sending a file: the bucket's MIME list (with `image/*`
// wildcards), its size limit, and a name Storage accepts. The server checks the same things
// again and its refusals are shown too; this only saves a doomed upload and says why up front.

import { describeAllowedTypes } from '../shared/media-types'

export type BucketRules = {
  name: string
  allowed_mime_types: string[] | null
  file_size_limit: number | null
}

export type FileLike = { name: string; size: number; type: string }

// Hosted Storage's object key characters (storage src/storage/limits.ts), which our server uses.
const KEY_CHARACTERS = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/
export const KEY_CHARACTERS_TEXT = "letters, digits, spaces and _ ! . * ' ( ) & $ = @ ; : + , ? -"
export const MAX_NAME_BYTES = 1024

// Browsers name some types differently from the buckets' lists, or not at all.
const BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  webm: 'video/webm',
  mp4: 'video/mp4',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}
const ALIASES: Record<string, string> = { 'audio/x-m4a': 'audio/mp4', 'audio/mp3': 'audio/mpeg' }

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** The content type the upload declares: the browser's, normalised, else by extension. */
export function contentTypeOf(file: FileLike): string {
  const type = file.type.toLowerCase()
  if (type) return ALIASES[type] ?? type
  return BY_EXTENSION[extensionOf(file.name)] ?? 'application/octet-stream'
}

/** As Storage matches: exact, or `type/*`; no list means anything goes. */
export function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  const [major] = type.split('/')
  return allowed.some((a) => {
    const rule = a.toLowerCase()
    return rule === type || (rule.endsWith('/*') && rule.slice(0, -2) === major)
  })
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  const shown = value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)
  return `${shown} ${units[unit]}`
}

/** Why a name cannot be an object name, or null when it can (one level: no '/'). */
export function nameProblem(name: string): string | null {
  if (name.trim() === '') return 'Please enter a name.'
  if (name.includes('/')) return 'The name may not contain “/”.'
  if (name === '.' || name === '..') return 'The name may not be “.” or “..”.'
  if (!KEY_CHARACTERS.test(name)) return `The name may use only ${KEY_CHARACTERS_TEXT}.`
  if (new TextEncoder().encode(name).length > MAX_NAME_BYTES) {
    return `The name must be at most ${MAX_NAME_BYTES} characters.`
  }
  return null
}

/** Why `file` may not go into `bucket`, as one sentence naming the file, or null. */
export function uploadRefusal(file: FileLike, bucket: BucketRules): string | null {
  const type = contentTypeOf(file)
  if (!mimeAllowed(type, bucket.allowed_mime_types)) {
    return `${file.name} was not uploaded: ${bucket.name} accepts only ${describeAllowedTypes(bucket.allowed_mime_types)} (this file is ${type}).`
  }
  if (bucket.file_size_limit !== null && file.size > bucket.file_size_limit) {
    return `${file.name} was not uploaded: it is ${formatBytes(file.size)}, over the ${formatBytes(bucket.file_size_limit)} limit of ${bucket.name}.`
  }
  if (file.size === 0) return `${file.name} was not uploaded: the file is empty.`
  const problem = nameProblem(file.name)
  if (problem)
    return `${file.name} was not uploaded: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`
  return null
}
