// The zxcvbn estimator in a worker thread (password-strength.ts starts it): its dictionaries are
// loaded once, here, and a check, which can take tens of milliseconds of CPU for a long password,
// never blocks the server's event loop.
import { parentPort } from 'node:worker_threads'
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common'
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en'
import type { StrengthReply, StrengthRequest } from './password-strength.js'

const zxcvbn = new ZxcvbnFactory({
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...englishDictionary },
  translations,
  // The library's default (100) lets a 72-character password of l33t-able symbols cost well over
  // a second; 12 scores every common l33t password the same and cuts that about sevenfold.
  l33tMaxSubstitutions: 12,
})

// 'passwords-common' in @zxcvbn-ts/language-common (l33t and reversed forms included).
const COMMON_PASSWORDS = /^passwords(?:-|$)/

parentPort?.on('message', ({ id, password, userInputs }: StrengthRequest) => {
  let reply: StrengthReply
  try {
    const result = zxcvbn.check(password, userInputs)
    reply = {
      id,
      verdict: {
        score: result.score,
        commonPassword: result.sequence.some(
          (m) =>
            m.pattern === 'dictionary' &&
            typeof m.dictionaryName === 'string' &&
            COMMON_PASSWORDS.test(m.dictionaryName),
        ),
      },
    }
  } catch (e) {
    reply = { id, error: (e as Error).message }
  }
  parentPort?.postMessage(reply)
})
