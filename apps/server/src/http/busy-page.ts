// The small page a visitor gets when no render can be started for them and there is no copy of the
// page to serve instead (render-gate.ts): 503 when every render is taken, 429 when their address
// already has its share. Plain HTML with its style inline (the CSP allows inline styles, no
// scripts), no external file, so it costs nothing to send; a link that loads the same URL again
// (an empty href: nothing of the request is echoed). plainPage is the frame of every such short
// page: the refused form posts of page-actions.ts use it too, so they look the same.

const TEXTS = {
  busy: {
    title: 'The lobby is packed',
    body: 'Half the building showed up at once. We’re letting fans in a few at a time: try again in a moment.',
  },
  client: {
    title: 'Easy on the buzzer',
    body: 'That’s a lot of doors knocked on at once from your address. Give it a moment, then try again.',
  },
} as const

const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#141a2e;' +
  'font:1.125rem/1.5 system-ui,sans-serif;color:#1b1b1f}' +
  'main{max-width:28rem;margin:1rem;padding:1.5rem 1.75rem;background:#f6efe2;' +
  'border-radius:.25rem;box-shadow:0 .5rem 1.5rem rgb(0 0 0 / .4);transform:rotate(-1deg)}' +
  'h1{margin:0 0 .5rem;color:#d7263d;font-size:1.75rem;text-transform:uppercase}' +
  'a{display:inline-block;margin-top:.75rem;padding:.75rem 1.25rem;min-height:44px;' +
  'box-sizing:border-box;background:#d7263d;color:#fff;border-radius:.25rem;font-weight:700;' +
  'text-decoration:none}a:focus-visible{outline:3px solid #f4c430;outline-offset:2px}'

/** A short page of fixed texts with one link, styled inline. Never pass it what a client sent. */
export function plainPage(title: string, text: string, link: { href: string; label: string }) {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    `<title>${title} · Rent Due</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${title}</h1><p>${text}</p>` +
    `<a href="${link.href}">${link.label}</a></main></body></html>`
  )
}

export function busyPage(reason: keyof typeof TEXTS): string {
  const { title, body } = TEXTS[reason]
  return plainPage(title, body, { href: '', label: 'Try again' })
}
