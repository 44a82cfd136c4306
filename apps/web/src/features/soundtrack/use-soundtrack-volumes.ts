// Loads the four volumes once per mount. If no bucket could be listed at all, the visitor gets
// the 'Failed to load soundtracks' toast (SPEC §8); a single failing bucket is only logged.
import { useEffect, useState } from 'react'
import {
  allVolumesFailed,
  loadSoundtrackVolumes,
  type SoundtrackVolume,
} from '../../lib/soundtrack-tracks'
import { toast } from '../../ui/toast'

export type VolumesState =
  { status: 'loading' } | { status: 'ready'; volumes: SoundtrackVolume[] } | { status: 'failed' }

export function useSoundtrackVolumes(): VolumesState {
  const [state, setState] = useState<VolumesState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    loadSoundtrackVolumes()
      .then((volumes) => {
        if (!live) return
        if (allVolumesFailed(volumes)) {
          toast.error('Failed to load soundtracks')
          setState({ status: 'failed' })
        } else {
          setState({ status: 'ready', volumes })
        }
      })
      .catch((error: unknown) => {
        console.error('Could not load the soundtracks:', error)
        if (!live) return
        toast.error('Failed to load soundtracks')
        setState({ status: 'failed' })
      })
    return () => {
      live = false
    }
  }, [])
  return state
}
