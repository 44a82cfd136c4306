// The admin console's content views on the real server: an admin made with the CLI edits news
// (seen on /news), uploads, renames and deletes a soundtrack file with a progress bar (seen in the
// 1st Volume player), is refused a wrong file type with an exact message, and edits an episode
// title with its video and thumbnail picked from the library (seen on /episodes, labelled with what
// it plays). axe on every view, with a dialog open too.
import { apiClient, signInAtAdmin, adminWithTag } from './support/admin'
import { objectNames, silentWav } from './support/admin-content'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

test('news: create, see it on /news, edit, delete', async ({ page, baseURL }) => {
  // Four flows in one test (create, edit, delete, each seen on /news), three page loads, three
  // reloads and two axe runs: about 30 s on a CI machine, like the media test below.
  test.setTimeout(60_000)
  const { admin, tag } = adminWithTag()
  const headline = `Bertha raises the rent again ${tag}`
  const edited = `Bertha lowers the rent, briefly ${tag}`
  const service = apiClient(baseURL, 'service')

  await signInAtAdmin(page, '/admin/news', admin)
  await expect(page.getByRole('heading', { name: 'News', level: 2 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'News items' })).toBeVisible()
  await expectNoAxeViolations(page, 'admin news')

  // The form refuses what the table's CHECKs refuse, with the error tied to the field.
  const form = page.getByRole('form', { name: 'Add a news item' })
  await form.getByLabel('Headline').fill('h'.repeat(121))
  await form.getByLabel('Summary').fill('Pay up.')
  await form.getByRole('button', { name: 'Publish' }).click()
  const headlineField = form.getByLabel('Headline')
  await expect(headlineField).toHaveAttribute('aria-invalid', 'true')
  await expect(headlineField).toHaveAccessibleDescription(
    'Up to 120 characters. The headline must be at most 120 characters.',
  )

  await form.getByLabel('Date').fill('2026-01-02')
  await headlineField.fill(headline)
  await form.getByLabel('Summary').fill('Line one.\nLine two.')
  // The live preview shows the row as the site will.
  const preview = page.getByRole('article', { name: 'Preview of the news row' })
  await expect(preview).toContainText('January 2, 2026')
  await expect(preview).toContainText(headline)
  await form.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Published', { exact: true })).toBeVisible()
  const stored = await service
    .from('news')
    .select('date, headline, summary')
    .eq('headline', headline)
  expect(stored.data).toEqual([{ date: '2026-01-02', headline, summary: 'Line one.\nLine two.' }])

  const site = await page.context().newPage()
  await gotoPage(site, '/news')
  await expect(site.getByRole('heading', { name: headline })).toBeVisible()

  await page.getByRole('button', { name: `Edit “${headline}”` }).click()
  const editForm = page.getByRole('form', { name: 'Edit news item' })
  await expect(editForm.getByLabel('Headline')).toHaveValue(headline)
  await editForm.getByLabel('Headline').fill(edited)
  await editForm.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  await site.reload()
  await expect(site.getByRole('heading', { name: edited })).toBeVisible()
  await expect(site.getByRole('heading', { name: headline })).toHaveCount(0)

  await page.getByRole('button', { name: `Delete “${edited}”` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this news item?' })
  await expect(confirm).toBeVisible()
  await expectNoAxeViolations(page, 'admin news delete dialog')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('button', { name: `Delete “${edited}”` })).toHaveCount(0)
  const left = await service.from('news').select('id').eq('headline', edited)
  expect(left.data).toEqual([])
  await site.reload()
  await expect(site.getByRole('heading', { name: 'News', level: 1 })).toBeVisible()
  await expect(site.getByRole('heading', { name: edited })).toHaveCount(0)
})

test.describe(() => {
  // The second upload of the same name is refused (400 'The resource already exists'): the
  // browser logs it.
  test.use({ expectedConsole: /status of 400/ })

  test('media: upload a WAV with progress, see it in the player, rename, delete; refuse a type', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000)
    const { admin, tag } = adminWithTag()
    const title = `Admin Upload ${tag}`
    const renamed = `Renamed Upload ${tag}`
    const bucket = 'soundtrack 1st'
    const service = apiClient(baseURL, 'service')

    await signInAtAdmin(page, '/admin/media', admin)
    await expect(page.getByRole('heading', { name: 'Media', level: 2 })).toBeVisible()
    // Buckets show what they accept.
    const option = page.getByRole('radio', { name: /^soundtrack 1st/ })
    await expect(option).toHaveAccessibleName(
      'soundtrack 1st Audio: MP3, WAV, M4A Up to 50 MB a file · public',
    )
    await option.check()
    await expect(page).toHaveURL(/bucket=soundtrack(\+|%20)1st/)
    await expect(page.getByRole('heading', { name: `Files in ${bucket}` })).toBeVisible()
    await expect(page.getByRole('table')).toContainText('Rent Day Shuffle.wav')
    await expectNoAxeViolations(page, 'admin media')

    const input = page.getByLabel('Choose files')
    await input.setInputFiles({ name: `${title}.wav`, mimeType: 'audio/wav', buffer: silentWav() })
    const bar = page.getByRole('progressbar', { name: `Upload of ${title}.wav` })
    await expect(bar).toBeVisible()
    await expect.poll(() => bar.evaluate((el) => (el as HTMLProgressElement).value)).toBe(100)
    await expect(page.getByRole('list', { name: 'Uploads' })).toContainText('Uploaded.')
    const row = page.getByRole('row').filter({ hasText: `${title}.wav` })
    await expect(row).toContainText('7.9 KB') // 44 + 8000 bytes
    await expect(row).toContainText('WAV audio')
    expect(await objectNames(service, bucket, title)).toEqual([`${title}.wav`])

    // A wrong type is refused before any byte is sent, with the exact reason.
    await input.setInputFiles({
      name: `notes ${tag}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from('not music'),
    })
    await expect(page.getByRole('alert').filter({ hasText: `notes ${tag}.txt` })).toHaveText(
      `notes ${tag}.txt was not uploaded: soundtrack 1st accepts only Audio: MP3, WAV, M4A (this file is text/plain).`,
    )
    expect(await objectNames(service, bucket, `notes ${tag}`)).toEqual([])

    // The same name again is refused by the server, and its message is shown.
    await input.setInputFiles({ name: `${title}.wav`, mimeType: 'audio/wav', buffer: silentWav() })
    await expect(
      page.getByRole('alert').filter({ hasText: 'The resource already exists' }),
    ).toHaveText(`${title}.wav was not uploaded: The resource already exists`)

    const site = await page.context().newPage()
    await gotoPage(site, '/soundtrack')
    const playlist = site
      .getByRole('region', { name: '1st Volume' })
      .getByRole('list', { name: 'Playlist' })
    await expect(playlist).toContainText(title)
    await expect(playlist).not.toContainText(`${title}.wav`)

    // Rename: the dialog checks the name; the extension stays unless another is typed.
    await row.getByRole('button', { name: `Rename ${title}.wav` }).click()
    const dialog = page.getByRole('dialog', { name: 'Rename file' })
    await expect(dialog).toBeVisible()
    const newName = dialog.getByLabel('New name')
    await expect(newName).toHaveValue(`${title}.wav`)
    await expectNoAxeViolations(page, 'admin media rename dialog')
    await newName.fill('bad/name')
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await expect(newName).toHaveAccessibleDescription(
      'No “/”. The extension .wav is kept unless you type another one. The name may not contain “/”.',
    )
    await newName.fill(renamed)
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('row').filter({ hasText: `${renamed}.wav` })).toBeVisible()
    expect(await objectNames(service, bucket, tag)).toEqual([`${renamed}.wav`])
    await site.reload()
    await expect(playlist).toContainText(renamed)
    await expect(playlist).not.toContainText(title)

    await page.getByRole('button', { name: `Delete ${renamed}.wav` }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this file?' })
    await expect(confirm).toBeVisible()
    await expectNoAxeViolations(page, 'admin media delete dialog')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0)
    expect(await objectNames(service, bucket, tag)).toEqual([])
    await site.reload()
    await expect(playlist).toContainText('Rent Day Shuffle')
    await expect(playlist).not.toContainText(renamed)
  })
})

test('episodes: edit a title, see it on /episodes, restore it', async ({ page, baseURL }) => {
  // The library picker's steps, two page loads and two axe runs.
  test.setTimeout(60_000)
  const { admin, tag } = adminWithTag()
  const service = apiClient(baseURL, 'service')
  const { data: before, error } = await service
    .from('episodes')
    .select('id, title, video_url')
    .eq('episode_number', 4)
    .single()
  expect(error).toBeNull()
  const original = before as { id: number; title: string; video_url: string }
  const changed = `Roof Access Fee, Revised ${tag}`

  try {
    await signInAtAdmin(page, '/admin/episodes', admin)
    await expect(page.getByRole('heading', { name: 'Episodes', level: 2 })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Episodes' }).getByRole('listitem'),
    ).not.toHaveCount(0)
    await expectNoAxeViolations(page, 'admin episodes')

    await page.getByRole('button', { name: `Edit episode 4, ${original.title}` }).click()
    const form = page.getByRole('form', { name: 'Edit episode 4' })
    await expect(form.getByLabel('Title')).toHaveValue(original.title)
    await expect(form.getByLabel('Video link')).toHaveValue(original.video_url)

    // The video is picked from the library, where the current one is already chosen and plays.
    await expect(form.getByLabel('Library')).toHaveValue('Behind the scenes')
    await expect(form.getByRole('radio', { name: 'Episode 4 - Colour Script.webm' })).toBeChecked()
    await expect(form.getByRole('radio', { name: 'A behind-the-scenes clip' })).toBeChecked()
    await expect(form.locator('video')).toHaveAttribute(
      'src',
      new URL(encodeURI(original.video_url), baseURL).href,
    )

    // The CHECKs' rules: no javascript: links.
    await form.getByLabel('Video link').fill('javascript:alert(1)')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(form.getByText('The video link must start with “/”')).toBeVisible()
    await form.getByLabel('Library').selectOption('Episode Previews')
    await form.getByRole('radio', { name: 'Previously on The 3rd.webm' }).check()
    await expect(form.getByLabel('Video link')).toHaveValue(
      '/storage/v1/object/public/Episode Previews/Previously on The 3rd.webm',
    )
    await expect(form.getByRole('radio', { name: 'A preview' })).toBeChecked()
    // Back to the episode's own clip; the thumbnail is picked from the stills.
    await form.getByLabel('Library').selectOption('Behind the scenes')
    await form.getByRole('radio', { name: 'Episode 4 - Colour Script.webm' }).check()
    await expect(form.getByLabel('Video link')).toHaveValue(original.video_url)
    await expect(form.getByRole('radio', { name: 'ep4.webp' })).toBeChecked()
    await form.getByLabel('Title').fill(changed)
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Saved', { exact: true })).toBeVisible()

    const site = await page.context().newPage()
    await gotoPage(site, '/episodes')
    await expect(site.getByRole('button', { name: `Play EP 4: ${changed}` })).toBeVisible()
    // What it plays is said on the card.
    await expect(site.locator('#episode-4')).toContainText('Behind-the-scenes clip')
    await expect(site.locator('#episode-1')).toContainText('Preview')

    await page.getByRole('button', { name: `Delete episode 4, ${changed}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this episode?' })
    await expect(confirm).toBeVisible()
    await expectNoAxeViolations(page, 'admin episodes delete dialog')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()

    await page.getByRole('button', { name: `Edit episode 4, ${changed}` }).click()
    await page
      .getByRole('form', { name: 'Edit episode 4' })
      .getByLabel('Title')
      .fill(original.title)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('heading', { name: 'Add an episode' })).toBeVisible()
    await site.reload()
    await expect(site.getByRole('button', { name: `Play EP 4: ${original.title}` })).toBeVisible()
    await expect(site.getByText(changed)).toHaveCount(0)
  } finally {
    await service.from('episodes').update({ title: original.title }).eq('id', original.id)
  }
})
