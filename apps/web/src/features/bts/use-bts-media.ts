// Loads the behind-the-scenes list once per mount. A failure is logged and told with the
// catalogue's toast (SPEC §8); the caller then shows its empty state.
import { useEffect, useState } from 'react'
import { toast } from '../../ui/toast'
import { listBtsMedia } from './api/list-bts-media'
import type { BtsMedia } from './bts-groups'

export const BTS_LOAD_FAILED = 'Failed to load behind the scenes videos'

export type BtsMediaState =
  { status: 'loading' } | { status: 'ready'; media: BtsMedia[] } | { status: 'failed' }

export function useBtsMedia(): BtsMediaState {
  const [state, setState] = useState<BtsMediaState>({ status: 'loading' })
  useEffect(() => {
    let current = true
    listBtsMedia().then(
      (media) => {
        if (current) setState({ status: 'ready', media })
      },
      (error: unknown) => {
        console.error('Loading the behind the scenes videos failed', error)
        if (!current) return
        setState({ status: 'failed' })
        toast.error(BTS_LOAD_FAILED)
      },
    )
    return () => {
      current = false
    }
  }, [])
  return state
}
