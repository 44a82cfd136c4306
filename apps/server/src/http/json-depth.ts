// A request body's nesting is bounded before anything parses or walks it: JSON.parse itself copes
// with deep input, but every recursive walk after it (a reviver, secure-json-parse's prototype
// scan, JSON.stringify, Postgres's json parser) would overflow its stack on a few megabytes of
// `[[[[…`. One linear pass over the text, ignoring brackets inside strings.

/** Deeper than any form, row or metadata object the API takes. */
export const MAX_JSON_DEPTH = 64

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

export function tooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  return jsonDepth(text, limit) > limit
}
