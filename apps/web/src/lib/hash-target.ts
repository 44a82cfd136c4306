// Landing on the item a link's #hash names (a search result, lib/item-anchors.ts): the item is
// scrolled into view and marked with `data-hash-target` (base.css draws the mark; 'inset' inside
// a scrolling list) until the next navigation. An item a page reads after it renders (a news
// memo, a track) is waited for. Loaded only for a link with a hash (lib/use-scroll-to-top.ts).

/** How long to wait for the hash's item to appear (its page or data may still be loading). */
const WAIT_MS = 60_000

const HASH_TARGET_ATTRIBUTE = 'data-hash-target'

/** A ring outside an item in a scrolling list (a playlist) would be cut off: draw it inside. */
function insideScrollBox(el: Element): boolean {
  for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(node)
    if (overflowX !== 'visible' || overflowY !== 'visible') return true
  }
  return false
}

/**
 * Waits for the element whose id the hash names (watching the page change, for `waitMs` at
 * most), then scrolls it into view and marks it. Returns a function that stops waiting and
 * unmarks it.
 */
export function revealHashTarget(hash: string, waitMs = WAIT_MS): () => void {
  let id = hash.replace(/^#/, '')
  try {
    id = decodeURIComponent(id)
  } catch {
    // A malformed escape: look for the id as written.
  }
  let marked: Element | null = null
  let frame = 0
  const reveal = (target: HTMLElement) => {
    stop()
    // In the next frame: after the page's own scroll to the top and this render's layout.
    frame = requestAnimationFrame(() => {
      target.scrollIntoView({ block: 'center', inline: 'nearest' })
      target.setAttribute(HASH_TARGET_ATTRIBUTE, insideScrollBox(target) ? 'inset' : '')
      marked = target
    })
  }
  const observer = new MutationObserver(() => {
    const target = document.getElementById(id)
    if (target) reveal(target)
  })
  const timer = window.setTimeout(() => stop(), waitMs)
  function stop() {
    observer.disconnect()
    window.clearTimeout(timer)
  }
  const present = id ? document.getElementById(id) : null
  if (present) reveal(present)
  else if (id) observer.observe(document.body, { childList: true, subtree: true })
  return () => {
    stop()
    cancelAnimationFrame(frame)
    marked?.removeAttribute(HASH_TARGET_ATTRIBUTE)
  }
}
