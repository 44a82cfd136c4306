// The shop with the 'Stay Updated' waitlist form composed in.
import { pageTitle } from '../../content/site'
import { StayUpdatedForm } from '../../features/merch-waitlist/stay-updated-form'
import { ShopPage } from '../../features/shop/shop-page'
import type { RouteHandle } from '../route-handle'

export const handle: RouteHandle = {
  title: pageTitle('Shop'),
  description: 'Rent Due merchandise: hoodies, mugs, posters and more from the store.',
}

export function Component() {
  return <ShopPage stayUpdated={<StayUpdatedForm />} />
}
