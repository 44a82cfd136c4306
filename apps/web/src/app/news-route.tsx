// News with the pinned Q&A memo and the team-application card composed in.
import { AudienceSignupCard } from '../features/audience-signup/audience-signup-card'
import { NewsPage } from '../features/news/news-page'
import { TeamApplicationCard } from '../features/team-application/team-application-card'

export function NewsRoute() {
  return (
    <NewsPage
      pinned={
        <>
          <AudienceSignupCard />
          <TeamApplicationCard />
        </>
      }
    />
  )
}
