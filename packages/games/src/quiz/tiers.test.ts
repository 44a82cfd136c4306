import { describe, expect, it } from 'vitest'
import { GIVEAWAY_MESSAGE, quizFeedback } from './tiers'

describe('quiz feedback tiers', () => {
  it.each([
    [10, 'perfect', 100],
    [9, 'excellent', 90],
    [8, 'excellent', 80],
    [7, 'good', 70],
    [6, 'good', 60],
    [5, 'not-bad', 50],
    [4, 'not-bad', 40],
    [3, 'rewatch', 30],
    [0, 'rewatch', 0],
  ] as const)('%i/10 is %s (%i%%)', (score, tier, percent) => {
    const feedback = quizFeedback(score)
    expect(feedback.tier).toBe(tier)
    expect(feedback.percent).toBe(percent)
    expect(feedback.giveaway).toBe(tier === 'perfect')
  })

  it('gives a perfect 10 the monthly merch giveaway message, and nobody else', () => {
    expect(quizFeedback(10)).toEqual({
      tier: 'perfect',
      percent: 100,
      title: 'PAID IN FULL!',
      message: GIVEAWAY_MESSAGE,
      giveaway: true,
    })
    expect(GIVEAWAY_MESSAGE).toContain("this month's merch giveaway")
    for (let s = 0; s < 10; s++) expect(quizFeedback(s).message).not.toContain('giveaway')
  })

  it('uses the percentage, not the raw count, for other lengths', () => {
    expect(quizFeedback(4, 5).tier).toBe('excellent')
    expect(quizFeedback(3, 5).tier).toBe('good')
    expect(quizFeedback(2, 5).tier).toBe('not-bad')
    expect(quizFeedback(1, 5).tier).toBe('rewatch')
    expect(quizFeedback(5, 5).tier).toBe('perfect')
  })

  it('refuses impossible scores', () => {
    expect(() => quizFeedback(11)).toThrow(RangeError)
    expect(() => quizFeedback(-1)).toThrow(RangeError)
    expect(() => quizFeedback(2.5)).toThrow(RangeError)
  })
})
