// Merch prices are stored as text ('18.00'); the page shows them as US dollars ('$18.00').
// By hand rather than with Intl.NumberFormat, whose first use costs ~40 ms of main thread on a
// desktop CPU (locale data), several times that on a phone, while Home renders its merch cards.

export function formatUsd(price: string): string {
  const cents = Math.round(Number(price) * 100)
  if (!Number.isFinite(cents)) return price
  const sign = cents < 0 ? '-' : ''
  const whole = Math.floor(Math.abs(cents) / 100)
  const rest = String(Math.abs(cents) % 100).padStart(2, '0')
  return `${sign}$${String(whole).replace(/\B(?=(\d{3})+$)/g, ',')}.${rest}`
}
