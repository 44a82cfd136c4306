// The fan quiz end to end on the real server: ten answers graded by the database, the saved row
// read back with the service-role key, the perfect-10 giveaway, a refused forged score and the
// save-failure toast.
import type { Page } from '@playwright/test'
import { GIVEAWAY_MESSAGE, quizFeedback } from '../../../packages/games/src/quiz/tiers'
import { apiClient } from './support/api-clients'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

function fan(tag: string) {
  const id = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  return { name: `Quiz Fan ${tag} ${id}`, email: `quiz-${tag}-${id}@example.com` }
}

async function startQuiz(page: Page, who: { name: string; email: string }) {
  await gotoPage(page, '/games/fan-quiz')
  await page.getByLabel('Name').fill(who.name)
  await page.getByLabel('Email').fill(who.email)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await expect(page.getByText('Question 1 of 10')).toBeVisible()
}

const options = (page: Page) => page.locator('.quiz-options button')

test.describe.configure({ timeout: 90_000 })

test('a full run: ten answers graded in the database, the saved row has the score shown', async ({
  page,
  baseURL,
}) => {
  const who = fan('run')
  await gotoPage(page, '/games/fan-quiz')
  // Start does nothing without a name and an email.
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await page.getByLabel('Name').fill(who.name)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await expect(page.getByText('Question 1 of 10')).toHaveCount(0)
  await expectNoAxeViolations(page, 'quiz start form')

  await page.getByLabel('Email').fill(who.email)
  await page.getByRole('button', { name: 'Start Quiz' }).click()

  let shownScore = 0
  for (let n = 1; n <= 10; n++) {
    await expect(page.getByText(`Question ${n} of 10`)).toBeVisible()
    await expect(page.getByText(`Score: ${shownScore}`)).toBeVisible()
    await expect(options(page)).toHaveCount(3)
    await expect(options(page).first()).toBeEnabled()
    if (n === 1) await expectNoAxeViolations(page, 'quiz question')

    await options(page).nth(1).click()
    const verdict = page.locator('.quiz-question__verdict')
    await expect(verdict).toHaveText(/^(Correct!|Wrong\. The answer is .+\.)$/)
    // Locked while the answer shows.
    for (let i = 0; i < 3; i++) await expect(options(page).nth(i)).toBeDisabled()
    await expect(page.locator('.quiz-option--right')).toHaveCount(1)
    await expect(page.locator('.quiz-option--right')).toContainText('✓ Correct answer')
    const correct = (await verdict.textContent()) === 'Correct!'
    if (correct) {
      shownScore++
      await expect(options(page).nth(1)).toHaveClass(/quiz-option--right/)
      await expect(page.locator('.quiz-option--wrong')).toHaveCount(0)
    } else {
      await expect(options(page).nth(1)).toHaveClass(/quiz-option--wrong/)
      await expect(options(page).nth(1)).toContainText('✗ Your answer')
    }
    await expect(page.getByText(`Score: ${shownScore}`)).toBeVisible()
    if (n === 1) await expectNoAxeViolations(page, 'quiz question after an answer')
  }

  await expect(page.locator('.quiz-results__score')).toHaveText(`Your score: ${shownScore} / 10`)
  const feedback = quizFeedback(shownScore, 10)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(feedback.title)
  await expect(page.getByText(feedback.message)).toBeVisible()
  await expectNoAxeViolations(page, 'quiz results')

  const { data, error } = await apiClient(baseURL, 'service')
    .from('quiz_entries')
    .select('name, email, score')
    .eq('email', who.email)
  expect(error).toBeNull()
  expect(data).toEqual([{ name: who.name, email: who.email, score: shownScore }])

  // Play Again resets everything.
  await page.getByRole('button', { name: 'Play Again' }).click()
  await expect(page.getByLabel('Name')).toHaveValue('')
  await expect(page.getByLabel('Email')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Start Quiz' })).toBeEnabled()
})

async function answerAllCorrectly(page: Page, baseURL: string | undefined) {
  const { data: key, error } = await apiClient(baseURL, 'service').rpc('quiz_answer_key')
  expect(error).toBeNull()
  const answers = new Map(
    (key as { question_id: number; correct_index: number }[]).map((r) => [
      r.question_id,
      r.correct_index,
    ]),
  )
  for (let n = 1; n <= 10; n++) {
    await expect(page.getByText(`Question ${n} of 10`)).toBeVisible()
    const id = Number((await page.locator('.quiz-question h2').getAttribute('id'))?.slice(7))
    const right = answers.get(id)
    expect(right, `answer for question ${id}`).toBeDefined()
    await options(page)
      .nth(right as number)
      .click()
    await expect(page.locator('.quiz-question__verdict')).toHaveText('Correct!')
  }
  await expect(page.locator('.quiz-results__score')).toHaveText('Your score: 10 / 10')
}

test('a perfect 10 shows the giveaway with confetti', async ({ page, baseURL }) => {
  await startQuiz(page, fan('perfect'))
  await answerAllCorrectly(page, baseURL)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('PAID IN FULL!')
  await expect(page.getByText(GIVEAWAY_MESSAGE)).toBeVisible()
  await expect(page.locator('body > canvas[aria-hidden="true"]')).toHaveCount(1)
  await expectNoAxeViolations(page, 'quiz results, perfect score')
})

test('no confetti under reduced motion', async ({ page, baseURL }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await startQuiz(page, fan('still'))
  await answerAllCorrectly(page, baseURL)
  await expect(page.getByText(GIVEAWAY_MESSAGE)).toBeVisible()
  // Give a lazily loaded burst time to appear if it wrongly were going to.
  await page.waitForLoadState('networkidle')
  await expect(page.locator('body > canvas')).toHaveCount(0)
})

test('a forged score inserted with the anon key is refused', async ({ baseURL }) => {
  const who = fan('forged')
  const anon = apiClient(baseURL, 'anon')
  const { error } = await anon.from('quiz_entries').insert({ ...who, score: 10 })
  expect(error?.code).toBe('42501')
  const { data } = await apiClient(baseURL, 'service')
    .from('quiz_entries')
    .select('score')
    .eq('email', who.email)
  expect(data).toEqual([])
})

test.describe(() => {
  // The refusal: the browser logs the 400 of start_quiz, the page logs the database's answer.
  test.use({ expectedConsole: /(?:status of 400)|(?:code: 22023)/ })

  test('a refused start toasts the save error and stays on the form', async ({ page }) => {
    await gotoPage(page, '/games/fan-quiz')
    await page.getByLabel('Name').fill('Quiz Fan')
    // A valid <input type=email> value that the database's e-mail rule refuses (no dot-TLD).
    await page.getByLabel('Email').fill('fan@localhost')
    await page.getByRole('button', { name: 'Start Quiz' }).click()
    const toast = page.locator('[data-sonner-toast]')
    await expect(toast).toContainText('Error')
    await expect(toast).toContainText('Failed to save quiz results. Please try again.')
    await expect(page.getByRole('button', { name: 'Start Quiz' })).toBeEnabled()
    await expect(page.getByText('Question 1 of 10')).toHaveCount(0)
  })
})
