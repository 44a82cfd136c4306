import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable.js'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an unresolvable host for now', withCode('EAI_AGAIN')],
    ['pg: the server went away', new Error('Connection terminated unexpectedly')],
    [
      'pg: a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg-pool: ended pool', new Error('Cannot use a pool after calling end on the pool')],
    ['SQLSTATE 57P01 admin_shutdown', withCode('57P01')],
    ['SQLSTATE 57P02 crash_shutdown', withCode('57P02')],
    ['SQLSTATE 57P03 starting up', withCode('57P03', 'the database system is starting up')],
    ['SQLSTATE 53300 too many connections', withCode('53300')],
    ['SQLSTATE 08006 connection failure', withCode('08006')],
    ['SQLSTATE 08P01 protocol violation class', withCode('08P01')],
    [
      'an AggregateError of refusals (localhost: ::1 and 127.0.0.1)',
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), {
        code: 'ECONNREFUSED',
      }),
    ],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNRESET') })],
  ])('%s is unavailable', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true)
  })

  it.each([
    ['a unique violation', withCode('23505')],
    ['an RLS refusal', withCode('42501')],
    ['a statement timeout', withCode('57014')],
    ['a serialization failure', withCode('40001')],
    ['a wrong password', withCode('28P01')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    [
      'an AggregateError with one unrelated error',
      new AggregateError([withCode('ECONNREFUSED'), new Error('bug')]),
    ],
  ])('%s is not', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false)
  })
})
