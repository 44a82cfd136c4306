// The server's one JSON body reader, for every API (REST, storage, auth). A body is bounded in
// size and nesting before anything parses or walks it: JSON.parse itself copes with deep input,
// but every recursive walk after it (a reviver, JSON.stringify, Postgres's json parser) would
// overflow its stack on a few megabytes of `[[[[…`. Each API turns a JsonBodyError into its own
// 400 (PostgREST's PGRST102, storage's InvalidRequest, auth's validation_failed / bad_json), so
// nothing a client sends becomes a 500 or an engine's message.

/** Deeper than any form, row or metadata object the API takes. */
export const MAX_JSON_DEPTH = 64

export type JsonBodyProblem = 'too-large' | 'too-deep' | 'invalid'

export class JsonBodyError extends Error {
  constructor(
    readonly problem: JsonBodyProblem,
    message: string,
  ) {
    super(message)
  }
}

export interface JsonLimits {
  /** Largest text in UTF-8 bytes; none when omitted (the route's bodyLimit bounds it). */
  maxBytes?: number
  /** Deepest nesting of arrays and objects; MAX_JSON_DEPTH when omitted. */
  maxDepth?: number
  /**
   * `reject` (the default), like Fastify's own parser: a `"__proto__"` key is invalid, since it
   * could reach a merge of metadata objects. REST keeps it, as a column may be named so.
   */
  protoKeys?: 'reject' | 'keep'
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The deepest nesting of arrays and objects in `text`, stopping once it passes `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
      continue
    }
    if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      depth++
      if (depth > max) {
        max = depth
        if (max > limit) return max
      }
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return max
}

function noProtoKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('"__proto__" is not allowed')
  return value
}

/** Parses `text` within the limits, or throws a JsonBodyError saying which one it broke. */
export function parseJson(text: string, limits: JsonLimits = {}): unknown {
  if (limits.maxBytes !== undefined && Buffer.byteLength(text) > limits.maxBytes) {
    throw new JsonBodyError('too-large', `larger than ${limits.maxBytes} bytes`)
  }
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH
  if (jsonDepth(text, maxDepth) > maxDepth) {
    throw new JsonBodyError('too-deep', `nested more than ${maxDepth} levels deep`)
  }
  try {
    return limits.protoKeys === 'keep' ? JSON.parse(text) : JSON.parse(text, noProtoKeys)
  } catch {
    throw new JsonBodyError('invalid', 'not valid JSON')
  }
}

/** Parses `text` as a JSON object; any other value is 'invalid'. */
export function parseJsonObject(text: string, limits: JsonLimits = {}): Record<string, unknown> {
  const value = parseJson(text, limits)
  if (!isPlainObject(value)) throw new JsonBodyError('invalid', 'not a JSON object')
  return value
}

/**
 * Reads a request stream that no content-type parser has read (storage leaves bodies unread so
 * that uploads stream), stopping as soon as it passes `maxBytes`.
 */
export async function readBodyText(
  stream: AsyncIterable<Buffer>,
  maxBytes: number,
): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += chunk.length
    if (size > maxBytes) throw new JsonBodyError('too-large', `larger than ${maxBytes} bytes`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
