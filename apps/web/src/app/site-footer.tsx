import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { legalDocs } from '../content/legal'
import { footerNav, site } from '../content/site'
import { ContactDialog } from '../features/contact/contact-dialog'
import { LegalDialog } from './legal-dialog'
// The contact form the footer shows without JavaScript is styled by the form sheet, which only the
// pages with a form would otherwise carry.
import '../ui/form-field.css'

// Rendered only inside <noscript>, which a live page never renders: the chunk loads on the server.
const ContactNoScript = lazy(() =>
  import('../features/contact/contact-no-script').then((m) => ({ default: m.ContactNoScript })),
)

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__title">{site.title}</p>
          <p className="site-footer__tagline">{site.tagline}</p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          <ul className="footer__list">
            {footerNav.map((link) => (
              <li key={link.to}>
                <Link className="footer__link" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="footer__list" aria-label="Legal">
            {legalDocs.map((doc) => (
              <li key={doc.id}>
                {doc.id === 'contact' ? (
                  <ContactDialog
                    trigger={
                      <button type="button" className="footer__link" data-js-only>
                        {doc.label}
                      </button>
                    }
                  />
                ) : (
                  <LegalDialog doc={doc} />
                )}
              </li>
            ))}
          </ul>
        </nav>
        <noscript>
          <Suspense fallback={null}>
            <ContactNoScript />
          </Suspense>
        </noscript>
        <p className="site-footer__fine">
          © 2024 {site.title} fan site. An unofficial fan project · 17+ Rated MA.
        </p>
      </div>
    </footer>
  )
}
