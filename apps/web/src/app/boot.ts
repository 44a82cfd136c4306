// The browser's entry (index.html): the site's global styles and fonts, then the code that makes
// the page live (main.tsx: React, the router, the page's module), fetched once the browser reports
// the page's first contentful paint (decisions 240, 260). A page the server rendered is complete and styled in its HTML, so its
// first paint needs none of that code; on a slow phone the page's own bytes (its HTML, fonts and
// images) come first and the code after them, instead of competing with them. An empty #root
// (the admin console, a static build without our server) and a page opened in a background tab,
// where no frame is painted, load it at once.
import '@fontsource/bangers/latin-400.css'
import '@fontsource/nunito/latin-400.css'
import '@fontsource/nunito/latin-800.css'
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import './styles/ui.css'
import './styles/shell.css'
import './styles/pages.css'

const start = () => void import('./main')

/** Runs `then` in a task after the browser has presented the page's first contentful paint. */
function afterFirstPaint(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // No paint timing: the callback runs just before the next frame; the timeout, just after it.
    requestAnimationFrame(() => setTimeout(then, 0))
    return
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    setTimeout(then, 0)
  })
  // buffered: the paint may already be reported by the time this module runs.
  observer.observe({ type: 'paint', buffered: true })
}

if (document.getElementById('root')?.hasChildNodes() && document.visibilityState === 'visible') {
  afterFirstPaint(start)
} else {
  start()
}
