// The browser entry: global styles, fonts, then the router.
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

createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
)
