// The Home page's soundtrack player (SPEC §2 Home): one compact player with a picker for the four
// volumes. Self-contained and without props: it loads the volumes itself; Home only places it.
import { HomeSoundtrackView } from './home-soundtrack-view'
import { useSoundtrackVolumes } from './use-soundtrack-volumes'

export function HomeSoundtrack() {
  return <HomeSoundtrackView state={useSoundtrackVolumes()} />
}
