// The browser's entry (index.html): the site's global styles and fonts, then the code that makes
// the page live (main.tsx: React, the router, the page's module). The server's HTML modulepreloads
// all of it (decision 302), so the import below finds it loading or loaded and the page hydrates
// as soon as it is in.
// Bangers 400, Nunito 400 and 800, cut in two by character when the build starts (decision 392).
import './styles/fonts/site-fonts.css'
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import './styles/ui.css'
import './styles/shell.css'
import './styles/pages.css'

void import('./main')
