// ESLint rule: SQL text is never assembled from parts outside the one SQL builder
// (apps/server/src/rest/sql-builder.ts). A template literal with ${…} or a `+` chain whose text
// reads as SQL is an error, and so is any template literal or `+` chain handed straight to
// `.query(…)`. Values go in as bind parameters ($1, $2 …), identifiers and types only through the
// builder, which takes them from the catalog. eslint.config.js turns it on for the server.

const SQL_PATTERNS = [
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\bselect\s+[\w."]+\s*\(/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+\S+\s+(as\s+\S+\s+)?set\b/i,
  /\bdelete\s+from\b/i,
  /\b(alter|create|drop)\s+(table|role|user|database|schema|index|function|view|extension|policy|trigger|type|domain|sequence)\b/i,
  /\b(grant|revoke)\s+[\w ,]+\s+on\b/i,
  /\bset_config\s*\(/i,
  /\bwhere\s+[\w."]+\s*(=|<|>|!=|\bin\b|\bis\b|\blike\b|\bilike\b)/i,
  /\border\s+by\b/i,
  /\breturning\b/i,
  /\bon\s+conflict\b/i,
  /\bset\s+(local\s+)?(role|search_path|statement_timeout)\b/i,
]

function looksLikeSql(text) {
  return SQL_PATTERNS.some((re) => re.test(text))
}

/** The static text of a `+` chain, with a marker where a non-literal part stands. */
function chainParts(node, out) {
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    chainParts(node.left, out)
    chainParts(node.right, out)
  } else if (node.type === 'Literal' && typeof node.value === 'string') {
    out.push({ text: node.value, dynamic: false })
  } else if (node.type === 'TemplateLiteral') {
    out.push({
      text: node.quasis.map((q) => q.value.cooked ?? '').join('\u0000'),
      dynamic: node.expressions.length > 0,
    })
  } else {
    out.push({ text: '\u0000', dynamic: true })
  }
  return out
}

function isQueryArgument(node) {
  const parent = node.parent
  if (!parent) return false
  const call =
    parent.type === 'CallExpression'
      ? parent
      : parent.type === 'Property' &&
          parent.key &&
          (parent.key.name === 'text' || parent.key.value === 'text')
        ? parent.parent && parent.parent.parent
        : null
  if (!call || call.type !== 'CallExpression') return false
  const callee = call.callee
  return (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'query'
  )
}

export const noSqlAssembly = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'SQL is built only by the one SQL builder, never by concatenation or interpolation',
    },
    schema: [],
    messages: {
      assembled:
        'SQL built by {{how}}: use a static statement with bind parameters ($1, $2 …), or the SQL builder (rest/sql-builder.ts) for catalog identifiers.',
    },
  },
  create(context) {
    return {
      TemplateLiteral(node) {
        if (node.expressions.length === 0) return
        if (node.parent && node.parent.type === 'TaggedTemplateExpression') return
        const text = node.quasis.map((q) => q.value.cooked ?? '').join('\u0000')
        if (looksLikeSql(text) || isQueryArgument(node)) {
          context.report({ node, messageId: 'assembled', data: { how: 'template interpolation' } })
        }
      },
      BinaryExpression(node) {
        if (node.operator !== '+') return
        // Judge a whole chain once, at its outermost `+`.
        if (node.parent && node.parent.type === 'BinaryExpression' && node.parent.operator === '+')
          return
        const parts = chainParts(node, [])
        if (!parts.some((p) => p.dynamic)) return
        if (!parts.some((p) => p.text !== '\u0000')) return
        const text = parts.map((p) => p.text).join('')
        if (looksLikeSql(text) || isQueryArgument(node)) {
          context.report({ node, messageId: 'assembled', data: { how: 'string concatenation' } })
        }
      },
    }
  },
}

export default { rules: { 'no-sql-assembly': noSqlAssembly } }
