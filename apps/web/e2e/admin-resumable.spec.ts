// Full episodes by resumable upload (TUS) through the console, on the real server: a 600 MiB
// episode whose connection drops mid-way (a proxy between the browser and the server cuts it)
// goes on by itself, lands byte for byte, is picked in the episode editor from the library and
// plays on /episodes, the player reading it by Range. A paused upload resumes after a reload.
// The files are made in a temp directory by the test (support/padded-webm.ts).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startCuttingProxy } from '../../../test-support/cutting-proxy'
import { STILLS_BUCKET, VIDEO_BUCKETS } from '../src/features/admin/episodes/episode-schema'
import { apiClient, createAdmin, signInAtAdmin, adminWithTag } from './support/admin'
import { expectPlaying } from './support/episodes'
import { expect, gotoPage, test } from './support/fixtures'
import { uniqueTag } from './support/forms-db'
import { sha256OfUrl, writePaddedWebm } from './support/padded-webm'

const MiB = 1024 * 1024
const SAMPLE = 'supabase/media/previews/previously-on-the-1st.webm'
const BUCKET = 'Full episodes'

// The cut connection fails one request in the browser, which logs it; so may a request the client
// sent before it learnt where the server had got to (409, after which it asks again).
test.use({
  expectedConsole: /Failed to load resource: (net::ERR_|the server responded with a status of 409)/,
})

let dir: string
test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-e2e-tus-'))
})
test.afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

const publicUrl = (baseURL: string, name: string) =>
  `${baseURL}/storage/v1/object/public/${encodeURIComponent(BUCKET)}/${encodeURIComponent(name)}`

test('a 600 MiB episode: the connection drops mid-way, it resumes, lands byte for byte and plays by Range', async ({
  page,
  baseURL,
}) => {
  // Making the file, the upload (100 requests of 6 MiB) and reading it back: about a minute on
  // an idle machine, more on a busy CI one.
  test.setTimeout(300_000)
  const { admin, tag } = adminWithTag()
  const name = `Full Episode ${tag}.webm`
  const file = path.join(dir, name)
  const sha = await writePaddedWebm(SAMPLE, file, 600 * MiB)
  const service = apiClient(baseURL, 'service')
  const proxy = await startCuttingProxy(Number(new URL(baseURL!).port), 250 * MiB)
  const number = 700 + Math.floor(Math.random() * 200)
  let resumedAt: number | undefined
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && proxy.cut && resumedAt === undefined) {
      resumedAt = Number(r.headers()['upload-offset'])
    }
  })
  try {
    await signInAtAdmin(
      page,
      `${proxy.url}/admin/media?bucket=${encodeURIComponent(BUCKET)}`,
      admin,
    )
    await expect(page.getByRole('heading', { name: `Files in ${BUCKET}` })).toBeVisible()
    await expect(page.getByText(/Up to 5 GB, sent in parts/)).toBeVisible()
    await page.getByLabel('Choose a video').setInputFiles(file)
    const bar = page.getByRole('progressbar', { name: `Upload of ${name}` })
    await expect(bar).toBeVisible()
    await expect(page.getByText('Uploaded.')).toBeVisible({ timeout: 240_000 })
    // The connection was cut once, after 250 MiB had gone to the server, and the client went on
    // from where the server said it had got to, not from the start.
    expect(proxy.cut).toBe(true)
    expect(resumedAt).toBeGreaterThan(200 * MiB)
    expect(resumedAt).toBeLessThan(251 * MiB)
    await expect(bar).toHaveAttribute('value', '100')
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('600 MB')
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('WebM video')

    // Picked from the library in the episode editor, with the library's own still.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Episodes' })
      .click()
    const form = page.getByRole('form', { name: 'Add an episode' })
    await form.getByLabel('Episode number').fill(String(number))
    await form.getByLabel('Title').fill(`The Long One ${tag}`)
    await form.getByLabel('Synopsis').fill('All twenty-two minutes of it.')
    await form.getByLabel('Library').selectOption(BUCKET)
    await form.getByRole('radio', { name }).check()
    await expect(form.getByLabel('Video link')).toHaveValue(
      `/storage/v1/object/public/${BUCKET}/${name}`,
    )
    await expect(form.getByRole('radio', { name: 'The full episode' })).toBeChecked()
    await expect(form.locator('video')).toHaveAttribute(
      'src',
      `${proxy.url}${encodeURI(`/storage/v1/object/public/${BUCKET}/${name}`)}`,
    )
    await form.getByRole('radio', { name: 'ep2.webp' }).check()
    // After a save the console reads its lists again (the episodes, then the library: each video
    // bucket, the stills, the buckets' rules). They go through the proxy: it is closed only once
    // the last of them has answered, or they fail (and are logged) for want of a server.
    const answered = (match: (url: string) => boolean) =>
      page.waitForResponse((r) => r.url().startsWith(proxy.url) && match(r.url()))
    const relisted = Promise.all([
      answered((url) => url.endsWith('/storage/v1/bucket')),
      ...[...VIDEO_BUCKETS.map((v) => v.bucket), STILLS_BUCKET].map((bucket) =>
        answered((url) => url.endsWith(`/storage/v1/object/list/${encodeURIComponent(bucket)}`)),
      ),
    ])
    await form.getByRole('button', { name: 'Add episode' }).click()
    await expect(page.getByText('Episode added')).toBeVisible()
    await relisted
  } finally {
    await proxy.close()
  }
  try {
    expect(await sha256OfUrl(publicUrl(baseURL!, name))).toBe(sha)

    const ranges: number[] = []
    page.on('response', (r) => {
      if (r.url().includes(encodeURIComponent(name))) ranges.push(r.status())
    })
    await gotoPage(page, '/episodes')
    const card = page.getByRole('article').filter({ hasText: `The Long One ${tag}` })
    await expect(card).toContainText('Full episode')
    await card.getByRole('button', { name: `Play EP ${number}: The Long One ${tag}` }).click()
    const video = page.getByRole('dialog').locator('video')
    await expectPlaying(video, 1)
    expect(ranges).toContain(206)
  } finally {
    await service.from('episodes').delete().eq('episode_number', number)
    await service.storage.from(BUCKET).remove([name])
  }
})

test('a paused upload resumes after a page reload when the same file is chosen again', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const admin = createAdmin()
  const name = `Resumed ${uniqueTag()}.webm`
  const file = path.join(dir, name)
  const sha = await writePaddedWebm(SAMPLE, file, 60 * MiB)
  // Slow the upload to ~20 MB/s, so it can be paused part-way.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 20 * 1024 * 1024,
  })
  await signInAtAdmin(page, `/admin/media?bucket=${encodeURIComponent(BUCKET)}`, admin)
  await expect(page.getByRole('heading', { name: `Files in ${BUCKET}` })).toBeVisible()
  await page.getByLabel('Choose a video').setInputFiles(file)
  const bar = page.getByRole('progressbar', { name: `Upload of ${name}` })
  await expect.poll(() => bar.evaluate((el: HTMLProgressElement) => el.value)).toBeGreaterThan(15)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(
    page.getByText(
      /^Paused at \d+% \(.+ of 60 MB\)\. Resume to go on, here or after reloading the page\.$/,
    ),
  ).toBeVisible()
  const { data: before } = await apiClient(baseURL, 'service').storage.from(BUCKET).list()
  expect(before?.map((o) => o.name)).not.toContain(name)

  // After the reload the client asks the server where the upload got to (HEAD) and sends only the
  // rest (PATCH from there); a fresh start would POST the file again. Still at ~20 MB/s, so the
  // team member reads that it is continuing.
  await page.reload()
  const sent: { method: string; offset?: string }[] = []
  page.on('request', (r) => {
    if (!r.url().includes('/storage/v1/upload/resumable')) return
    sent.push({ method: r.method(), offset: r.headers()['upload-offset'] })
  })
  await page.getByLabel('Choose a video').setInputFiles(file)
  await expect(
    page.getByText(/^Continuing an earlier upload of this file\.\.\. \d+% \(.+ of 60 MB\)$/),
  ).toBeVisible()
  await expect(page.getByText('Uploaded.')).toBeVisible({ timeout: 60_000 })
  expect(sent.map((r) => r.method)).not.toContain('POST')
  expect(sent[0]?.method).toBe('HEAD')
  expect(sent[1]?.method).toBe('PATCH')
  const resumedAt = Number(sent[1]?.offset)
  expect(resumedAt).toBeGreaterThan(0)
  expect(resumedAt).toBeLessThan(60 * MiB)
  expect(await sha256OfUrl(publicUrl(baseURL!, name))).toBe(sha)
  await apiClient(baseURL, 'service').storage.from(BUCKET).remove([name])
})
