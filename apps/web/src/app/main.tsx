// The browser entry: global styles, fonts, then the router (after the static first paint).
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@fontsource/bangers/latin-400.css'
import '@fontsource/nunito/latin-400.css'
import '@fontsource/nunito/latin-800.css'
import './styles/tokens.css'
import './styles/base.css'
import './styles/ui.css'
import './styles/shell.css'
import './styles/pages.css'
import { preloadAgeGate } from './age-gate'
import { AppRouter, preloadPage } from './router'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

function render(container: HTMLElement) {
  // A transition: React renders the first page in slices that leave the main thread free for
  // input between them, instead of one long task.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    )
  })
}

// The server's static first paint (decision 163) is in #root. It stays on screen until the
// page's own chunk has arrived, so React's first render shows the page rather than a loading
// state, and the browser paints the shell before React replaces it (module scripts run as soon
// as the HTML is parsed and would otherwise win that race).
if (root.firstElementChild) {
  const afterPaint = () => requestAnimationFrame(() => setTimeout(() => render(root), 0))
  // A chunk that fails to load is retried by the page's React.lazy, which shows the error.
  Promise.all([preloadPage(window.location.pathname), preloadAgeGate()]).then(
    afterPaint,
    afterPaint,
  )
} else {
  render(root)
}
