// Home, first stage: the hero and a stamped notice for each section that later issues fill in.
import type { ReactNode } from 'react'
import { characters } from '../../content/characters'
import { site } from '../../content/site'
import { usePageTitle } from '../../lib/use-page-title'
import { LinkButton } from '../../ui/link-button'
import { StampHeading } from '../../ui/stamp-heading'

type Section = { id: string; stamp: string; blurb: string; action: string; to: string }

const sections: readonly Section[] = [
  {
    id: 'previews',
    stamp: 'Previously On',
    blurb: 'Catch up on the last three episodes before the next notice goes under the door.',
    action: 'Watch previews',
    to: '/episodes',
  },
  {
    id: 'episodes',
    stamp: 'Video Episodes',
    blurb: 'Full episodes, from the first missed payment to the latest lockout.',
    action: 'More Episodes',
    to: '/episodes',
  },
  {
    id: 'news',
    stamp: 'Latest News',
    blurb: 'Memos from the lobby corkboard: cast Q&As, team calls and building gossip.',
    action: 'Read the news',
    to: '/news',
  },
  {
    id: 'games',
    stamp: 'Games',
    blurb: 'Whack the landlady, collect the rent, prove you know every tenant.',
    action: 'Play a game',
    to: '/games',
  },
  {
    id: 'merch',
    stamp: 'Merch',
    blurb: 'Hoodies, mugs and past-due stickers. Cheaper than rent, barely.',
    action: 'Visit the shop',
    to: '/shop',
  },
  {
    id: 'soundtrack',
    stamp: 'Soundtrack',
    blurb: 'Four volumes of music from the walk-up, loud enough to drown out the knocking.',
    action: 'Listen now',
    to: '/soundtrack',
  },
  {
    id: 'cast',
    stamp: 'The Tenants',
    blurb:
      'Three roommates, one landlady and a building full of neighbours you would not lend sugar to.',
    action: 'Meet the cast',
    to: '/cast',
  },
  {
    id: 'bts',
    stamp: 'Behind the Scenes',
    blurb: 'Sketches, voice sessions and the making of every episode.',
    action: 'Go backstage',
    to: '/bts',
  },
]

type HomePageProps = {
  /** Cards composed in app/ (features may not import each other): news memos, forms. */
  newsCards?: ReactNode
  fanClub?: ReactNode
}

export function HomePage({ newsCards, fanClub }: HomePageProps = {}) {
  usePageTitle()
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__notice notice">
          <span className="notice__tape" aria-hidden="true" />
          <p className="hero__stamp" aria-hidden="true">
            Past due
          </p>
          <p className="hero__kicker">Now streaming · Rated MA</p>
          <h1 id="hero-title" className="hero__title">
            {site.tagline}
          </h1>
          <p className="hero__text">
            Dez, Rosie and Tubbs are three broke roommates at The Briggs Arms. Bertha Briggs is the
            landlady who wants her money. Every episode, the rent is due.
          </p>
          <div className="hero__actions">
            <LinkButton to="/episodes" size="large">
              WATCH NOW!
            </LinkButton>
            <LinkButton to="/episodes" size="large" variant="secondary">
              WATCH RANDOM EPISODE
            </LinkButton>
          </div>
        </div>
        <figure className="hero__photo">
          <span className="notice__pin" aria-hidden="true" />
          <div className="hero__lineup">
            {characters.map((character) => (
              <img
                key={character.id}
                src={character.image}
                alt={character.name}
                width={120}
                height={120}
              />
            ))}
          </div>
          <figcaption>The tenants (and the landlady) of The Briggs Arms</figcaption>
        </figure>
      </section>

      <div className="board">
        {sections.map((section) => (
          <section
            key={section.id}
            className={`board__card notice notice--${section.id}`}
            aria-labelledby={`section-${section.id}`}
          >
            <span className="notice__tape" aria-hidden="true" />
            <StampHeading id={`section-${section.id}`}>{section.stamp}</StampHeading>
            <p>{section.blurb}</p>
            {section.id === 'news' && newsCards}
            <LinkButton to={section.to} variant="secondary">
              {section.action}
            </LinkButton>
          </section>
        ))}
        <section className="board__card notice notice--fan-club" aria-labelledby="section-fan-club">
          <span className="notice__tape" aria-hidden="true" />
          <StampHeading id="section-fan-club" tone="teal">
            Fan Club
          </StampHeading>
          {fanClub ?? (
            <>
              <p>
                Tenants only. Sign-ups open soon: club news, early clips and first dibs on the cast
                Q&amp;A.
              </p>
              <p className="board__soon">Form coming soon</p>
            </>
          )}
        </section>
      </div>
    </div>
  )
}
