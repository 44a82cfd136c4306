// The console's views as React Router routes (decision 335): each reads its lists in a loader
// and writes through an action, and the router reads every loader again after an action, which
// is how a list shows what was just saved. The console is rendered in the browser only, so on
// the server its loaders and actions do nothing; in the browser they run for an admin only (the
// layout shows the sign-in otherwise, and RLS decides every row in any case).
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { readAdminSession } from '../admin-session'

export function adminLoader<T>(load: (args: LoaderFunctionArgs) => Promise<T>) {
  return async (args: LoaderFunctionArgs): Promise<T | null> => {
    if (import.meta.env.SSR) return null
    const session = await readAdminSession()
    return session?.isAdmin ? load(args) : null
  }
}

/** A view's loader data; the layout renders views only for an admin, so it is there. */
export function useAdminData<T>(): T {
  return useLoaderData() as T
}

/** What every console action answers: done (with what it made, if anything) or why not. */
export type ActionResult =
  { ok: true; intent: string; data?: unknown } | { ok: false; intent: string; error: string }

type Payload = Record<string, unknown> & { intent?: unknown }

/**
 * A view's action: the JSON body names its `intent`; the handler for it does the write and says
 * what happened. A thrown error becomes `{ ok: false, error }` in words.
 */
export function adminAction(handlers: Record<string, (payload: Payload) => Promise<unknown>>) {
  return async ({ request }: ActionFunctionArgs): Promise<ActionResult> => {
    const payload = (await request.json()) as Payload
    const intent = typeof payload.intent === 'string' ? payload.intent : ''
    const handler = handlers[intent]
    if (!handler) return { ok: false, intent, error: `Unknown action ${intent}.` }
    try {
      const data = await handler(payload)
      return data === undefined ? { ok: true, intent } : { ok: true, intent, data }
    } catch (error) {
      console.error(`The console's ${intent} failed`, error)
      return { ok: false, intent, error: (error as Error).message }
    }
  }
}

/** Options for fetcher.submit / useSubmit with a JSON payload. */
export const JSON_POST = { method: 'post', encType: 'application/json' } as const
