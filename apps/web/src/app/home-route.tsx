// Home with the form features composed in (features may not import each other).
import { AudienceSignupCard } from '../features/audience-signup/audience-signup-card'
import { TeamApplicationCard } from '../features/team-application/team-application-card'
import { FanClubForm } from '../features/fan-club/fan-club-form'
import { HomePage } from '../features/home/home-page'

export function HomeRoute() {
  return (
    <HomePage
      newsCards={
        <div className="form-cards">
          <AudienceSignupCard />
          <TeamApplicationCard />
        </div>
      }
      fanClub={<FanClubForm />}
    />
  )
}
