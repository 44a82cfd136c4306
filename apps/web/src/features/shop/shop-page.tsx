import type { ReactNode } from 'react'
import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'

/** Shop: the frame is ready; the content arrives with its own issue. */
export function ShopPage({ stayUpdated }: { stayUpdated?: ReactNode } = {}) {
  return (
    <SubPage heading="Shop" intro="Official-looking merch for unofficial fans.">
      <LoadingState label="Loading merch..." />
      {stayUpdated}
    </SubPage>
  )
}
