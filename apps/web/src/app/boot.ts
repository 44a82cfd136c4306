// The browser's entry (index.html): the site's global styles and fonts, then the code that makes
// the page live (main.tsx: React, the router, the page's module), fetched once the page has been
// painted (decision 240). A page the server rendered is complete and styled in its HTML, so its
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

if (document.getElementById('root')?.hasChildNodes() && document.visibilityState === 'visible') {
  // The callback runs just before the next frame is painted; the timeout, just after it.
  requestAnimationFrame(() => setTimeout(start, 0))
} else {
  start()
}
