// Where the server puts the router's hydration data (its loaders' results, as JSON): an inert
// <script type="application/json"> (no inline script to allow in the CSP), read by main.tsx.

export const ROUTER_DATA_ID = 'rd-router-data'

/** The data as the element's text: JSON with '<' escaped, so no '</script>' can close it. */
export function routerDataScript(data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${ROUTER_DATA_ID}">${json}</script>`
}
