// The shop with the 'Stay Updated' waitlist form composed in.
import { StayUpdatedForm } from '../features/merch-waitlist/stay-updated-form'
import { ShopPage } from '../features/shop/shop-page'

export function ShopRoute() {
  return <ShopPage stayUpdated={<StayUpdatedForm />} />
}
