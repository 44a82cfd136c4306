// 'Failed to load soundtracks' (docs/product/errors.md#error-messages) when no volume could be
// listed at all; a single failing bucket was only logged. While the backend is briefly down the
// page says "back in a moment" instead, with no toast, and while the browser lists again what
// failed on the server it waits.
import { useEffect } from 'react'
import {
  allVolumesFailed,
  volumesToRetry,
  volumesUnavailable,
  type SoundtrackVolume,
} from '../../lib/soundtrack-tracks'
import { toast } from '../../ui/toast'

export const SOUNDTRACKS_FAILED = 'Failed to load soundtracks'

export function useLoadFailureToast(volumes: readonly SoundtrackVolume[]): void {
  const failed =
    allVolumesFailed(volumes) && !volumesUnavailable(volumes) && !volumesToRetry(volumes)
  useEffect(() => {
    if (failed) toast.error(SOUNDTRACKS_FAILED)
  }, [failed])
}
