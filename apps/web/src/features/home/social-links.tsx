import { socials } from '../../content/socials'

/** The series' social accounts as tags pinned under the fan club form. */
export function SocialLinks() {
  return (
    <ul className="social-links" aria-label="Follow Rent Due">
      {socials.map((social) => (
        <li key={social.network}>
          <a
            className={`social-links__link social-links__link--${social.network}`}
            href={social.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {social.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
