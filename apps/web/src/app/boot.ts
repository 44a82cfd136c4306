// The browser's entry (index.html): the site's global styles and fonts, then the code that makes
// the page live (main.tsx: React, the router, the page's module). The server's HTML modulepreloads
// all of it (decision 302), so the import below finds it loading or loaded and the page hydrates
// as soon as it is in.
import '@fontsource/bangers/latin-400.css'
import '@fontsource/nunito/latin-400.css'
import '@fontsource/nunito/latin-800.css'
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import './styles/ui.css'
import './styles/shell.css'
import './styles/pages.css'

void import('./main')
