// The zxcvbn verdicts the auth routes act on, from the real worker thread.
import { afterAll, describe, expect, it } from 'vitest'
import { AuthError } from './errors.js'
import { PasswordCheckBusy, PasswordStrength } from './password-strength.js'
import { accountWords, checkStrength, GUESSABLE_MESSAGE, PWNED_MESSAGE } from './passwords.js'

const strength = new PasswordStrength()

afterAll(async () => {
  await strength.close()
})

async function refusal(password: string, words: string[] = []) {
  try {
    await checkStrength(strength, password, words)
  } catch (e) {
    if (!(e instanceof AuthError)) throw e
    return { status: e.status, code: e.code, message: e.message, extra: e.extra }
  }
  return undefined
}

describe('password strength', () => {
  it('refuses the common passwords `password` and `12345678` as pwned', async () => {
    for (const password of ['password', '12345678', 'p@ssw0rd', 'Password1', 'iloveyou']) {
      expect(await refusal(password), password).toEqual({
        status: 422,
        code: 'weak_password',
        message: PWNED_MESSAGE,
        extra: { weak_password: { reasons: ['pwned'] } },
      })
    }
  })

  it('refuses repeats and sequences not in the list as `characters`', async () => {
    for (const password of ['aaaaaaaaaaaa', 'abcdefghijk', 'xyxyxyxyxyxy', '13579135791']) {
      expect(await refusal(password), password).toEqual({
        status: 422,
        code: 'weak_password',
        message: GUESSABLE_MESSAGE,
        extra: { weak_password: { reasons: ['characters'] } },
      })
    }
  })

  it('accepts passphrases and long random passwords', async () => {
    for (const password of [
      'correct horse battery',
      'the landlord always wins',
      'rent-is-due-1',
      'Tr0ub4dor&3x',
      'kT9#vLq2!wZr',
    ]) {
      expect(await refusal(password), password).toBeUndefined()
    }
  })

  it("counts the account's own words (e-mail, username) as easy to guess", async () => {
    const words = accountWords('bertha.briggs@example.com', { username: 'landlady_bertha' })
    expect(words).toEqual(['bertha.briggs@example.com', 'bertha.briggs', 'landlady_bertha'])
    expect(await refusal('bertha.briggs!', words)).toMatchObject({
      extra: { weak_password: { reasons: ['characters'] } },
    })
    expect(await refusal('landlady_bertha1', words)).toMatchObject({ code: 'weak_password' })
    expect(await refusal('landlady_bertha1')).toBeUndefined()
  })

  it('answers many checks at once, each with its own verdict, and starts again after close', async () => {
    const passwords = ['password', 'correct horse battery', '12345678', 'the landlord always wins']
    const verdicts = await Promise.all(passwords.map((p) => strength.check(p)))
    expect(verdicts.map((v) => v.commonPassword)).toEqual([true, false, true, false])
    expect(verdicts.map((v) => v.score >= 3)).toEqual([false, true, false, true])
    await strength.close()
    expect((await strength.check('password')).score).toBe(0)
  })

  it('refuses a check at once when too many wait, with a 503 and Retry-After', async () => {
    const small = new PasswordStrength(2)
    try {
      const waiting = [small.check('correct horse battery'), small.check('password')]
      await expect(small.check('one too many')).rejects.toBeInstanceOf(PasswordCheckBusy)
      const busy = await checkStrength(small, 'one too many', []).catch((e: unknown) => e)
      expect(busy).toBeInstanceOf(AuthError)
      expect(busy).toMatchObject({
        status: 503,
        code: 'unexpected_failure',
        headers: { 'retry-after': '5' },
      })
      expect((await Promise.all(waiting)).map((v) => v.commonPassword)).toEqual([false, true])
      expect((await small.check('password')).commonPassword).toBe(true)
    } finally {
      await small.close()
    }
  })
})
