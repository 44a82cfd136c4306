// Merch prices are stored as text ('18.00'); the page shows them as US dollars ('$18.00').
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

export function formatUsd(price: string): string {
  return usd.format(Number(price))
}
