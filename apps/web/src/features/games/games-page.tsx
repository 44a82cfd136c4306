// The games list (docs/product/pages.md#games): Whack-A-Bertha, the Fan Quiz, Strip Match (an
// external game, new tab) and a "More Games Coming Soon" notice. Bill Collector and Penny Pinchers
// keep their routes but are deliberately not listed here.
import { Link } from 'react-router'
import { characterAvatar } from '../../content/characters'
import { CharacterAvatar } from '../../ui/character-avatar'
import { SubPage } from '../../ui/sub-page'
import './games-page.css'

/** Placeholder until the real Strip Match address is known. */
export const STRIP_MATCH_URL = 'https://example.com/strip-match'

const bertha = characterAvatar('bertha')

export function GamesPage() {
  return (
    <SubPage heading="Games" intro="Play while you wait for the landlady to stop knocking.">
      <GameCards />
    </SubPage>
  )
}

type GameCardsProps = {
  /** h2 on the games page, h3 inside a Home section. */
  headingLevel?: 2 | 3
  /** The 'More Games Coming Soon' notice (games page only; Home shows the three games). */
  showComingSoon?: boolean
}

/** The three game cards (Whack-A-Bertha, Fan Quiz, Strip Match); Home reuses them. */
export function GameCards({ headingLevel = 2, showComingSoon = true }: GameCardsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul className="games-list">
      <li className="game-card game-card--whack">
        <div className="notice__pin" aria-hidden="true" />
        <CharacterAvatar className="game-card__art" avatar={bertha} size={96} loading="lazy" />
        <Heading className="game-card__title">
          <Link className="game-card__link" to="/games/whack-a-bertha">
            Whack-A-Bertha
          </Link>
        </Heading>
        <p className="game-card__text">
          Eight doors, thirty seconds, one landlady. Whack Bertha, spare the roommates.
        </p>
        <span className="game-card__cta" aria-hidden="true">
          Play now →
        </span>
      </li>
      <li className="game-card game-card--quiz">
        <div className="notice__pin" aria-hidden="true" />
        <span className="game-card__badge" aria-hidden="true">
          ?
        </span>
        <Heading className="game-card__title">
          <Link className="game-card__link" to="/games/fan-quiz">
            Fan Quiz
          </Link>
        </Heading>
        <p className="game-card__text">
          Ten questions about the building. A perfect ten enters the monthly merch giveaway.
        </p>
        <span className="game-card__cta" aria-hidden="true">
          Take the quiz →
        </span>
      </li>
      <li className="game-card game-card--external">
        <div className="notice__pin" aria-hidden="true" />
        <span className="game-card__badge" aria-hidden="true">
          ♥
        </span>
        <Heading className="game-card__title">
          <a
            className="game-card__link"
            href={STRIP_MATCH_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            Strip Match
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </Heading>
        <p className="game-card__text">A memory game for grown-ups, on its own site.</p>
        <span className="game-card__cta" aria-hidden="true">
          Open ↗
        </span>
      </li>
      {showComingSoon && (
        <li className="game-card game-card--soon">
          <Heading className="game-card__title">More Games Coming Soon</Heading>
          <p className="game-card__text">Bertha is still laminating the rules.</p>
        </li>
      )}
    </ul>
  )
}
