// The pinned event's card on the real server: its start where it happens and in the visitor's own
// time zone (the browser's), 'Past event' for the seeded Q&A of 9/6/2025 (its sign-up still
// opening), a countdown while it is ahead (the browser's clock set before the start, so no data
// changes under the other tests), and 'Add to calendar': the server's .ics file, parsed here, and
// a Google Calendar link.
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

test.use({ timezoneId: 'America/Los_Angeles' })

const TITLE = 'Meet the Cast: Virtual Q&A'

function qaCard(page: Page) {
  return page.getByRole('region', { name: 'Pinned' }).getByRole('article', { name: TITLE })
}

/** An iCalendar text's content lines, unfolded (RFC 5545: CRLF, continuation lines start with a space). */
function icsLines(text: string): string[] {
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '')
}

test('the Q&A card gives its start in New York and in the visitor’s time, marked past', async ({
  page,
}) => {
  await gotoPage(page, '/news')
  const card = qaCard(page)
  await expect(card.locator('time').first()).toHaveText('9/6/2025')
  await expect(card.locator('time[datetime="2025-09-06T23:00:00.000Z"]')).toHaveText([
    'Sat, Sep 6, 2025, 7:00 PM EDT (New York time)',
    'Sat, Sep 6, 2025, 4:00 PM in your time (PDT)',
  ])
  await expect(card.getByText('Past event', { exact: true })).toBeVisible()
  await expect(card.getByText(/^Starts in/)).toHaveCount(0)
  await expect(card).toContainText(
    "Dez, Rosie, Tubbs and Bertha's voices answer your questions live. Seats are limited.",
  )
  await expect(card.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
    'href',
    'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Meet+the+Cast%3A+Virtual+Q%26A' +
      '&dates=20250906T230000Z%2F20250907T000000Z' +
      '&details=Dez%2C+Rosie%2C+Tubbs+and+Bertha%27s+voices+answer+your+questions+live.+Seats+are+limited.' +
      '&location=Online%3A+the+link+comes+by+e-mail',
  )
  await expectNoAxeViolations(page, 'the past Q&A card', ['.event-notice'])
  await page.screenshot({ path: '/tmp/wt28-events-news.png', fullPage: false })

  // Past, the card still opens the Q&A's sign-up.
  await card.getByRole('button', { name: 'Save my seat' }).click()
  await expect(page.getByRole('dialog', { name: 'Virtual Meet the Cast Q&A' })).toBeVisible()
})

test('the server’s HTML names the event’s own time and keeps the visitor’s lines free', async ({
  request,
}) => {
  const html = await (await request.get('/news')).text()
  expect(/<div class="event-notice__when">.*?<\/div>/.exec(html)?.[0]).toBe(
    '<div class="event-notice__when"><p><time dateTime="2025-09-06T23:00:00.000Z">' +
      'Sat, Sep 6, 2025, 7:00 PM EDT (New York time)</time></p>' +
      '<p class="event-notice__yours"></p><p class="event-notice__status"></p></div>',
  )
  expect(html).not.toContain('Past event')
})

test('before the start, the card counts down, each minute, and then says it is past', async ({
  page,
}) => {
  await page.clock.install({ time: new Date('2025-09-03T20:00:00Z') })
  await gotoPage(page, '/news')
  const card = qaCard(page)
  await expect(card.getByText('Starts in 3 days', { exact: true })).toBeVisible()
  await expect(card.getByText('Past event')).toHaveCount(0)
  await expectNoAxeViolations(page, 'the Q&A card before it starts', ['.event-notice'])

  await page.clock.pauseAt(new Date('2025-09-06T22:58:30Z'))
  await page.clock.runFor(60_000)
  await expect(card.getByText('Starts in 1 minute', { exact: true })).toBeVisible()
  await page.clock.runFor(60_000)
  await expect(card.getByText('Past event', { exact: true })).toBeVisible()
  await expect(card.getByText(/^Starts in/)).toHaveCount(0)
})

test('Add to calendar downloads the event as an iCalendar file', async ({ page }) => {
  await gotoPage(page, '/news')
  const downloading = page.waitForEvent('download')
  await qaCard(page).getByRole('link', { name: 'Add to calendar' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^rent-due-event-\d+\.ics$/)
  const text = fs.readFileSync((await download.path())!, 'utf8')
  const lines = icsLines(text)
  expect(lines[0]).toBe('BEGIN:VCALENDAR')
  expect(lines.at(-1)).toBe('END:VCALENDAR')
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'))
  const fields = new Map(event.map((line) => [line.slice(0, line.indexOf(':')), line]))
  expect(fields.get('DTSTART')).toBe('DTSTART:20250906T230000Z')
  expect(fields.get('SUMMARY')).toBe('SUMMARY:Meet the Cast: Virtual Q&A')
  expect(fields.get('LOCATION')).toBe('LOCATION:Online: the link comes by e-mail')
  expect(fields.get('UID')).toMatch(/^UID:event-\d+@/)
})

for (const size of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1280, height: 800 },
]) {
  test(`at ${size.width}×${size.height} the times fill their lines without moving anything`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(size)
    // The server's HTML as it is painted before any script runs.
    const still = await browser.newContext({ javaScriptEnabled: false, viewport: size })
    const before = await still.newPage()
    await before.goto('/news')
    const empty = await qaCard(before).locator('.event-notice__when').boundingBox()
    await still.close()

    await gotoPage(page, '/news')
    const card = qaCard(page)
    await expect(card.getByText('Past event', { exact: true })).toBeVisible()
    const filled = await card.locator('.event-notice__when').boundingBox()
    // The card is tilted: its box is measured to a fraction of a pixel.
    expect(filled!.height).toBeCloseTo(empty!.height, 2)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width)
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `/tmp/wt28-events-${size.width}.png` })
  })
}
