// Creators (docs/product/pages.md#creators): four staff ID badges pinned to the corkboard, each
// with a role and social links that open in a new tab.
import { creators, type Creator } from '../../content/creators'
import { SubPage } from '../../ui/sub-page'
import { SocialIcon, socialLabels } from './social-icon'
import './creators-page.css'

function initials(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('')
}

function socialName(creator: Creator, type: Creator['socials'][number]['type']): string {
  const where = type === 'website' ? 'website' : `on ${socialLabels[type]}`
  return `${creator.name}${type === 'website' ? '’s ' : ' '}${where} (opens in a new tab)`
}

export function CreatorsPage() {
  return (
    <SubPage heading="Creators" intro="The people who keep the lights on at The Briggs Arms.">
      <ul className="creator-cards">
        {creators.map((creator, index) => (
          <li key={creator.id} className="creator-card notice" data-testid="creator-card">
            <span className="notice__tape" aria-hidden="true" />
            <p className="creator-card__badge" aria-hidden="true">
              Staff pass · No. {String(index + 1).padStart(3, '0')}
            </p>
            <div
              className={`creator-card__photo creator-card__photo--${index % 4}`}
              aria-hidden="true"
            >
              {initials(creator.name)}
            </div>
            <h2 className="creator-card__name">{creator.name}</h2>
            <p className="creator-card__role">{creator.role}</p>
            <ul className="creator-card__socials" aria-label={`${creator.name} online`}>
              {creator.socials.map((social) => (
                <li key={social.type}>
                  <a
                    className="creator-card__social"
                    href={social.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={socialName(creator, social.type)}
                  >
                    <SocialIcon type={social.type} />
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </SubPage>
  )
}
