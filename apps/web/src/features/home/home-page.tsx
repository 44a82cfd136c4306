// Home (docs/product/pages.md#home, every section in order): the hero, then one stamped notice per
// section with one clear action. Features may not import each other, so app/home-route.tsx composes
// the sections and hands them in as slots; this page only lays them out.
import type { ReactNode } from 'react'
import { site } from '../../content/site'
import { LinkButton } from '../../ui/link-button'
import { StampHeading } from '../../ui/stamp-heading'
import { HeroVideo } from './hero-video'
import { SocialLinks } from './social-links'
import './home-page.css'

export type HomePageProps = {
  /** The public URL of the hero's looping header video. */
  headerVideo?: string
  /** The 'WATCH NOW!' button (opens the latest episode). */
  watchNow?: ReactNode
  previews?: ReactNode
  episodes?: ReactNode
  news?: ReactNode
  games?: ReactNode
  merch?: ReactNode
  soundtrack?: ReactNode
  bts?: ReactNode
  fanClub?: ReactNode
}

type SectionProps = {
  id: string
  heading: string
  tone?: 'red' | 'teal' | 'ink'
  intro?: string
  action?: { label: string; to: string }
  children?: ReactNode
}

function HomeSection({ id, heading, tone, intro, action, children }: SectionProps) {
  return (
    <section className={`home-section home-section--${id}`} aria-labelledby={`home-${id}`}>
      <div className="home-section__head">
        <StampHeading id={`home-${id}`} tone={tone}>
          {heading}
        </StampHeading>
        {intro && <p className="home-section__intro">{intro}</p>}
      </div>
      {children}
      {action && (
        <div className="home-section__action">
          <LinkButton to={action.to} size="large" variant="secondary">
            {action.label}
          </LinkButton>
        </div>
      )}
    </section>
  )
}

export function HomePage(props: HomePageProps = {}) {
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
            {props.watchNow}
            {/* /episodes opens a random episode (features/episodes EpisodesLinkState). */}
            <LinkButton
              to="/episodes"
              state={{ randomEpisode: true }}
              size="large"
              variant="secondary"
            >
              WATCH RANDOM EPISODE
            </LinkButton>
          </div>
        </div>
        <figure className="hero__tv">
          <HeroVideo src={props.headerVideo} />
          <figcaption>Tonight at The Briggs Arms</figcaption>
        </figure>
      </section>

      <HomeSection
        id="previews"
        heading="Recent Episode Previews"
        intro="Previously on Rent Due: catch up before the next notice goes under the door."
      >
        {props.previews}
      </HomeSection>
      <HomeSection
        id="episodes"
        heading="Video Episodes"
        intro="Full episodes, from the first missed payment to the latest lockout."
        action={{ label: 'More Episodes', to: '/episodes' }}
      >
        {props.episodes}
      </HomeSection>
      <HomeSection
        id="news"
        heading="Latest News"
        tone="teal"
        intro="Memos from the lobby corkboard."
        action={{ label: 'All News', to: '/news' }}
      >
        {props.news}
      </HomeSection>
      <HomeSection
        id="games"
        heading="Games"
        intro="Whack the landlady, collect the rent, prove you know every tenant."
        action={{ label: 'All Games', to: '/games' }}
      >
        {props.games}
      </HomeSection>
      <HomeSection
        id="merch"
        heading="Merchandise"
        tone="teal"
        intro="Cheaper than rent, barely."
        action={{ label: 'Visit the Shop', to: '/shop' }}
      >
        {props.merch}
      </HomeSection>
      <HomeSection
        id="soundtrack"
        heading="Soundtrack"
        intro="Music from the walk-up, loud enough to drown out the knocking."
        action={{ label: 'All Volumes', to: '/soundtrack' }}
      >
        {props.soundtrack}
      </HomeSection>
      <HomeSection
        id="bts"
        heading="Behind the Scenes"
        tone="teal"
        intro="Sketches, voice sessions and the making of every episode."
        action={{ label: 'Go Backstage', to: '/bts' }}
      >
        {props.bts}
      </HomeSection>
      <HomeSection
        id="fan-club"
        heading="Fan Club"
        intro="Get on the list before the landlady changes the locks."
      >
        <div className="home-fan-club">
          <div className="home-fan-club__form notice">{props.fanClub}</div>
          <div className="home-fan-club__social">
            <h3 className="home-fan-club__follow">Follow the building</h3>
            <SocialLinks />
          </div>
        </div>
      </HomeSection>
    </div>
  )
}
