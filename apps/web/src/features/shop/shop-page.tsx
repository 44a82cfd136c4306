import type { ReactNode } from 'react'
import { merchItems } from '../../content/merch'
import { SubPage } from '../../ui/sub-page'
import { MerchCards } from './merch-cards'
import './shop-page.css'

/**
 * Shop (docs/product/pages.md#shop): 13 merch cards sold through the external store, then 'Stay
 * Updated'.
 */
export function ShopPage({ stayUpdated }: { stayUpdated?: ReactNode } = {}) {
  return (
    <SubPage heading="Shop" intro="Official-looking merch for unofficial fans.">
      <section className="shop" aria-labelledby="shop-items-title">
        <h2 id="shop-items-title" className="shop__title">
          All merch <span className="shop__count">({merchItems.length} items)</span>
        </h2>
        <p className="shop__note">
          Checkout happens in our online store, which opens in a new tab.
        </p>
        <MerchCards eagerImages={2} />
      </section>
      {stayUpdated}
    </SubPage>
  )
}
