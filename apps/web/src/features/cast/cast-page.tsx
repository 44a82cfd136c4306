// Cast (docs/product/pages.md#cast): about 50 character cards under group headings, with links to
// jump to each group (on a phone the page is long even at two cards a row). The main four show
// their portraits from content/characters.ts; everyone else gets the shared silhouette style. Each
// card has an id a link can land on (lib/item-anchors.ts: the site search's results do).
import { castEntries, castGroups } from '../../content/cast'
import { characters } from '../../content/characters'
import { castAnchor } from '../../lib/item-anchors'
import { SubPage } from '../../ui/sub-page'
import { CastSilhouette } from './cast-silhouette'
import './cast-page.css'

const portraits = new Map(characters.map((c) => [c.id as string, c.image]))

const groupAnchor = (group: string) => `cast-${group}`
const shownGroups = castGroups
  .map((g) => ({ ...g, entries: castEntries.filter((c) => c.group === g.group) }))
  .filter((g) => g.entries.length > 0)

export function CastPage() {
  return (
    <SubPage heading="Cast" intro="Tenants, neighbours and the people who voice them.">
      <nav className="cast-jump" aria-label="Cast groups">
        <ul className="cast-jump__list">
          {shownGroups.map(({ group, heading, entries }) => (
            <li key={group}>
              <a className="btn btn--secondary cast-jump__link" href={`#${groupAnchor(group)}`}>
                {heading} <span className="cast-jump__count">({entries.length})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {shownGroups.map(({ group, heading, entries }) => {
        const headingId = groupAnchor(group)
        return (
          <section key={group} className="cast-group" aria-labelledby={headingId}>
            <h2 id={headingId} className="cast-group__title">
              {heading}
            </h2>
            <ul className={`cast-grid cast-grid--${group}`}>
              {entries.map((entry) => {
                const portrait = portraits.get(entry.id)
                return (
                  <li
                    key={entry.id}
                    id={castAnchor(entry.id)}
                    className="cast-card notice"
                    data-testid="cast-card"
                  >
                    {portrait ? (
                      <img
                        className="cast-card__portrait"
                        src={portrait}
                        alt=""
                        width={112}
                        height={112}
                      />
                    ) : (
                      <CastSilhouette id={entry.id} name={entry.character} />
                    )}
                    <h3 className="cast-card__name">{entry.character}</h3>
                    {entry.description && <p className="cast-card__role">{entry.description}</p>}
                    <p className="cast-card__actor">Voiced by {entry.actor}</p>
                  </li>
                )
              })}
            </ul>
          </section>
        )
      })}
    </SubPage>
  )
}
