// The contract every sign-up form keeps with its table (fan club, contact, Meet the Cast Q&A,
// team application, merch waitlist), as the five form specs check it: the form posts one insert;
// the very same request sent again (same submission_id) is refused as a duplicate (409) and the
// table holds one row with the typed values; an insert the server fails leaves the form as it
// was; and the database itself refuses bad values sent around the form (400, a CHECK: 23514).
// Each spec drives its own form and asserts its own texts; this holds what they share.
import type { Page, Request } from '@playwright/test'
import { expect } from './fixtures'
import { dbClient, rowsWhere } from './forms-db'

type Row = Record<string, unknown>

/** What the form's inserts are answered with, in place of the server's answer. */
export interface InsertAnswer {
  status: number
  body: string
}

export const SERVER_ERROR: InsertAnswer = { status: 500, body: '{"message":"boom"}' }
export const TOO_MANY: InsertAnswer = {
  status: 429,
  body: '{"code":"PT429","message":"Too many requests"}',
}

export interface SignUpFormContract {
  /** The form's insert, waited for from now: call before the click that sends it. */
  insertSent(page: Page): Promise<Request>
  /**
   * Sends `request` again exactly as the form did (its key, token and body): 409. Then the table
   * holds one row for `row.email`, with `row`'s values; returns that row.
   */
  expectReplayRefused(
    page: Page,
    baseURL: string | undefined,
    request: Request,
    row: Row,
  ): Promise<Row>
  /** The table holds exactly one row for `row.email`, with `row`'s values; returns it. */
  expectOneRow(baseURL: string | undefined, row: Row): Promise<Row>
  /** The form's inserts are answered with `answer` (a server error by default) until `restore`. */
  failInserts(page: Page, answer?: InsertAnswer): Promise<void>
  /** The form's inserts reach the server again. */
  restore(page: Page): Promise<void>
  /** Each row, inserted as anon around the form, is refused by a CHECK: 400, code 23514. */
  expectDatabaseRefuses(baseURL: string | undefined, ...rows: Row[]): Promise<void>
}

export function signUpFormContract(table: string): SignUpFormContract {
  const route = `**/rest/v1/${table}*`
  const expectOneRow = async (baseURL: string | undefined, row: Row) => {
    const rows = await rowsWhere(baseURL, table, 'email', String(row.email))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject(row)
    return rows[0]!
  }
  return {
    insertSent: (page) =>
      page.waitForRequest((r) => r.url().includes(`/rest/v1/${table}`) && r.method() === 'POST'),
    async expectReplayRefused(page, baseURL, request, row) {
      const headers = await request.allHeaders()
      const replay = await page.request.post(request.url(), {
        headers: {
          apikey: headers.apikey!,
          authorization: headers.authorization!,
          'content-type': 'application/json',
          prefer: headers.prefer ?? 'return=minimal',
        },
        data: request.postData()!,
      })
      expect(replay.status()).toBe(409)
      return expectOneRow(baseURL, row)
    },
    expectOneRow,
    async failInserts(page, answer = SERVER_ERROR) {
      await page.route(route, (r) =>
        r.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
      )
    },
    restore: (page) => page.unroute(route),
    async expectDatabaseRefuses(baseURL, ...rows) {
      const anon = dbClient(baseURL, 'anon')
      for (const [i, row] of rows.entries()) {
        const refused = await anon.from(table).insert(row)
        const which = `${table}: bad row ${i + 1} of ${rows.length}`
        expect(refused.status, which).toBe(400)
        expect(refused.error?.code, which).toBe('23514')
      }
    },
  }
}
