// The browser entry: global styles, fonts, then the router (after the static first paint).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@fontsource/bangers/latin-400.css'
import '@fontsource/nunito/latin-400.css'
import '@fontsource/nunito/latin-800.css'
import './styles/tokens.css'
import './styles/base.css'
import './styles/ui.css'
import './styles/shell.css'
import './styles/pages.css'
import { AppRouter } from './router'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

function render(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  )
}

// The server's static first paint (decision 163) is in #root: let the browser paint it before
// React replaces it, or the scripts (which run as soon as the CSS is in) win the race and the
// first paint waits for the page chunk after all.
if (root.firstElementChild) {
  requestAnimationFrame(() => setTimeout(() => render(root), 0))
} else {
  render(root)
}
