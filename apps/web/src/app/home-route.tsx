// Home composed from the features (which may not import each other). Only the hero is above the
// fold: every other section is its own lazy chunk, mounted by <Deferred> when it nears the
// viewport, with its space reserved so nothing shifts when it arrives.
import { lazy, Suspense, useState } from 'react'
import { HomePage } from '../features/home/home-page'
import { Deferred } from '../ui/deferred'

const loadLatestEpisodeButton = () => import('../features/episodes/latest-episode-button')
const LatestEpisodeButton = lazy(() =>
  loadLatestEpisodeButton().then((m) => ({ default: m.LatestEpisodeButton })),
)
const EpisodePreviews = lazy(() =>
  import('../features/episodes/episode-previews').then((m) => ({ default: m.EpisodePreviews })),
)
const EpisodeGrid = lazy(() =>
  import('../features/episodes/episode-grid').then((m) => ({ default: m.EpisodeGrid })),
)
const AudienceSignupCard = lazy(() =>
  import('../features/audience-signup/audience-signup-card').then((m) => ({
    default: m.AudienceSignupCard,
  })),
)
const TeamApplicationCard = lazy(() =>
  import('../features/team-application/team-application-card').then((m) => ({
    default: m.TeamApplicationCard,
  })),
)
const NewsList = lazy(() =>
  import('../features/news/news-list').then((m) => ({ default: m.NewsList })),
)
const GameCards = lazy(() =>
  import('../features/games/games-page').then((m) => ({ default: m.GameCards })),
)
const MerchCards = lazy(() =>
  import('../features/shop/merch-cards').then((m) => ({ default: m.MerchCards })),
)
const HomeSoundtrack = lazy(() =>
  import('../features/soundtrack/home-soundtrack').then((m) => ({ default: m.HomeSoundtrack })),
)
const BtsRandomGrid = lazy(() =>
  import('../features/bts/bts-random-grid').then((m) => ({ default: m.BtsRandomGrid })),
)
const FanClubForm = lazy(() =>
  import('../features/fan-club/fan-club-form').then((m) => ({ default: m.FanClubForm })),
)

/**
 * 'WATCH NOW!' looks the same before its dialog code is loaded (no shift in the hero). That code
 * (the dialog, the share menu, the episodes fetch) loads only when the visitor reaches for the
 * button (pointer over it, focus); a click on the stand-in opens the dialog once it has arrived.
 */
function WatchNow() {
  const [clicked, setClicked] = useState(false)
  const standIn = (
    <button
      type="button"
      className="btn btn--primary btn--large"
      aria-busy={clicked}
      onPointerEnter={() => void loadLatestEpisodeButton()}
      onFocus={() => void loadLatestEpisodeButton()}
      onClick={() => setClicked(true)}
    >
      WATCH NOW!
    </button>
  )
  if (!clicked) return standIn
  return (
    <Suspense fallback={standIn}>
      <LatestEpisodeButton openOnMount />
    </Suspense>
  )
}

export function HomeRoute() {
  return (
    <HomePage
      watchNow={<WatchNow />}
      previews={
        <Deferred minHeight="14rem" label="Loading previews...">
          <EpisodePreviews />
        </Deferred>
      }
      episodes={
        <Deferred minHeight="26rem" label="Loading episodes...">
          <EpisodeGrid limit={3} headingLevel={3} />
        </Deferred>
      }
      news={
        <Deferred minHeight="30rem" label="Loading news...">
          <div className="form-cards home-news__pins">
            <TeamApplicationCard />
            <AudienceSignupCard />
          </div>
          <NewsList limit={3} />
        </Deferred>
      }
      games={
        <Deferred minHeight="16rem" label="Loading games...">
          <GameCards headingLevel={3} showComingSoon={false} />
        </Deferred>
      }
      merch={
        <Deferred minHeight="24rem" label="Loading merchandise...">
          <MerchCards limit={4} />
        </Deferred>
      }
      soundtrack={
        <Deferred minHeight="24rem" label="Loading soundtracks...">
          <HomeSoundtrack />
        </Deferred>
      }
      bts={
        <Deferred minHeight="14rem" label="Loading behind the scenes content...">
          <BtsRandomGrid />
        </Deferred>
      }
      fanClub={
        <Deferred minHeight="20rem" label="Loading the fan club form...">
          <FanClubForm />
        </Deferred>
      }
    />
  )
}
