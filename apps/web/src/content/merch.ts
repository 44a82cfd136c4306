// The shop's merchandise: hard-coded, sold through an external store (docs/product/pages.md#shop,
// docs/product/data.md#content-in-the-code). Art is this project's own SVG in public/media/merch/,
// served as it is: the same path in the browser, in the server's render and in Node (Vitest, the
// Playwright specs), with no SVG to load. MERCH_STORE_URL is a placeholder: the team sets the real
// store address here.

export const MERCH_STORE_URL = 'https://store.example.com/rent-due'

export type MerchItem = {
  id: string
  title: string
  description: string
  /** Price text in USD with two decimals, e.g. '18.00'. */
  price: string
  currency: 'USD'
  image: string
  url: string
  status: 'available'
}

function item(id: string, title: string, description: string, price: string, image: string) {
  return {
    id,
    title,
    description,
    price,
    currency: 'USD',
    image,
    url: `${MERCH_STORE_URL}/${id}`,
    status: 'available',
  } as const satisfies MerchItem
}

export const merchItems: readonly MerchItem[] = [
  item(
    'past-due-hoodie',
    'PAST DUE Hoodie',
    'Heavyweight night-blue hoodie with a red PAST DUE stamp across the chest. Warmer than the radiators at The Briggs Arms.',
    '28.00',
    '/media/merch/past-due-hoodie.svg',
  ),
  item(
    'rent-due-mug',
    'Rent Due Mug',
    'A 12 oz ceramic mug that reminds you, every morning, what day it is. Dishwasher safe; landlord unsafe.',
    '14.00',
    '/media/merch/rent-due-mug.svg',
  ),
  item(
    'clipboard-notebook',
    'Bertha’s Clipboard Notebook',
    'A ruled notebook on a real clipboard, pre-printed with an overdue-rent ledger. Keep score like Bertha does.',
    '16.00',
    '/media/merch/clipboard-notebook.svg',
  ),
  item(
    'eviction-poster',
    'Eviction Notice Poster',
    'An 18 × 24 in print of the FINAL NOTICE that started it all, on heavy matte paper. Tape not included.',
    '20.00',
    '/media/merch/eviction-poster.svg',
  ),
  item(
    'sticker-pack',
    'Tenant Sticker Pack',
    'Eight vinyl stickers: the roommates, Bertha’s curlers, a PAID stamp and one very unpaid bill.',
    '8.00',
    '/media/merch/sticker-pack.svg',
  ),
  item(
    'tubbs-beanie',
    'Tubbs’ Green Beanie',
    'Hand-knit style rib beanie in Tubbs green, like the ones he knits in episode 2. One size fits every head in the building.',
    '22.00',
    '/media/merch/beanie.svg',
  ),
  item(
    'door-keychain',
    'Briggs Arms Keychain',
    'A brass-look apartment-door keychain tagged 3B. It opens nothing, which is what the real key does too.',
    '10.00',
    '/media/merch/keychain.svg',
  ),
  item(
    'paid-enamel-pin',
    'PAID Enamel Pin',
    'A hard-enamel PAID stamp pin in Cash Green, for the one month you made it. Rubber clutch back.',
    '12.00',
    '/media/merch/enamel-pin.svg',
  ),
  item(
    'overdue-tote',
    'Overdue Tote',
    'A sturdy canvas tote printed with Bertha’s overdue list. Fits groceries, laundry or all your unpaid bills.',
    '18.00',
    '/media/merch/tote.svg',
  ),
  item(
    'tenant-tee',
    'Tenant of the Month Tee',
    'A soft cotton tee with a gold Tenant of the Month ribbon that nobody in the building has ever won.',
    '24.00',
    '/media/merch/tenant-tee.svg',
  ),
  item(
    'late-fee-socks',
    'Late Fee Socks',
    'Two pairs of crew socks in Late-Fee Yellow, patterned with dollar signs. Each pair costs extra after the 5th.',
    '11.00',
    '/media/merch/late-fee-socks.svg',
  ),
  item(
    'hot-plate-apron',
    'Hot Plate Chef Apron',
    'A cotton apron with Tubbs’ hot-plate motto: “Gourmet is a state of mind.” Two pockets for vending-machine snacks.',
    '26.00',
    '/media/merch/hot-plate-apron.svg',
  ),
  item(
    'curler-scrunchies',
    'Bertha’s Curler Scrunchies',
    'A set of three pink scrunchies shaped like Bertha’s curlers. Knock-at-7-a.m. ready.',
    '9.00',
    '/media/merch/curler-scrunchies.svg',
  ),
]
