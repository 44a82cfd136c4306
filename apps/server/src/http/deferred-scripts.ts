// The site's JavaScript starts loading once the first paint is on screen (decision 163). The
// build's entry <script type="module"> and its <link rel="modulepreload">s are moved into an
// inert <template>; a small inline script copies them into <head> at the first contentful
// paint (or after 1 s, e.g. in a tab that is not painting). The HTML, its inline CSS and the
// preloaded fonts then have the connection to themselves until the page is on screen, and the
// ~100 KiB of JS follows. The loader copies one element per task (a message to itself, which
// background tabs do not throttle as they do timers): starting each fetch costs a few
// milliseconds, and on a phone's CPU all of them together were one long task that delayed input.
// The loader never changes with the build, so the Content-Security-Policy allows it by its hash
// and no other inline script runs.
import { createHash } from 'node:crypto'

export const DEFERRED_SCRIPTS_ID = 'rd-scripts'

export const SCRIPT_LOADER =
  '(()=>{const t=document.getElementById("' +
  DEFERRED_SCRIPTS_ID +
  '");if(!t)return;let done=false;' +
  'const go=()=>{if(done)return;done=true;const items=[...t.content.children];' +
  'const c=new MessageChannel();const step=()=>{const el=items.shift();if(!el)return;' +
  'const n=document.createElement(el.localName);' +
  'for(const a of el.attributes)n.setAttribute(a.name,a.value);document.head.append(n);' +
  'c.port2.postMessage(0)};c.port1.onmessage=step;step()};' +
  'try{new PerformanceObserver((list,o)=>{if(list.getEntriesByName("first-contentful-paint").length)' +
  '{o.disconnect();go()}}).observe({type:"paint",buffered:true})}catch{go()}' +
  'setTimeout(go,1000)})()'

/** The CSP source that allows SCRIPT_LOADER, and nothing else, inline. */
export const SCRIPT_LOADER_CSP = `'sha256-${createHash('sha256').update(SCRIPT_LOADER).digest('base64')}'`

const TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g

/**
 * index.html with its module script and modulepreload links in the template and the loader after
 * it; unchanged when it has no module script.
 */
export function deferScripts(html: string): string {
  const tags = html.match(TAGS)
  if (!tags?.some((tag) => tag.startsWith('<script'))) return html
  let first = true
  return html.replace(TAGS, () => {
    if (!first) return ''
    first = false
    return (
      `<template id="${DEFERRED_SCRIPTS_ID}">${tags.join('')}</template>` +
      `<script>${SCRIPT_LOADER}</script>`
    )
  })
}

/** Adds `tags` (page-preloads.ts) to the template, so they too wait for the first paint. */
export function withPagePreloads(html: string, tags: string): string {
  return tags ? html.replace('</template>', `${tags}</template>`) : html
}
