// Cast (docs/product/pages.md#cast): about 50 character cards under group headings. The main four
// show their portraits from content/characters.ts; everyone else gets the shared silhouette style.
import { castEntries, castGroups } from '../../content/cast'
import { characters } from '../../content/characters'
import { SubPage } from '../../ui/sub-page'
import { CastSilhouette } from './cast-silhouette'
import './cast-page.css'

const portraits = new Map(characters.map((c) => [c.id as string, c.image]))

export function CastPage() {
  return (
    <SubPage heading="Cast" intro="Tenants, neighbours and the people who voice them.">
      {castGroups.map(({ group, heading }) => {
        const entries = castEntries.filter((c) => c.group === group)
        if (entries.length === 0) return null
        const headingId = `cast-${group}`
        return (
          <section key={group} className="cast-group" aria-labelledby={headingId}>
            <h2 id={headingId} className="cast-group__title">
              {heading}
            </h2>
            <ul className={`cast-grid cast-grid--${group}`}>
              {entries.map((entry) => {
                const portrait = portraits.get(entry.id)
                return (
                  <li key={entry.id} className="cast-card notice" data-testid="cast-card">
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
