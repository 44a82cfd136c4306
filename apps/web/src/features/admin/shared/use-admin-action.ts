// Runs one of the view's route actions and resolves with its answer, so a dialog can stay open
// on a refusal and close on success. Through a fetcher: the router reads the view's loaders again
// after the action, before the answer arrives here.
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { JSON_POST, type ActionResult } from './admin-route'

export function useAdminAction() {
  const fetcher = useFetcher<ActionResult>()
  const waiting = useRef<((result: ActionResult) => void) | null>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || !waiting.current) return
    waiting.current(fetcher.data)
    waiting.current = null
  }, [fetcher.state, fetcher.data])
  const run = (payload: Record<string, unknown>) =>
    new Promise<ActionResult>((resolve) => {
      waiting.current = resolve
      void fetcher.submit(payload as never, JSON_POST)
    })
  return { run, busy: fetcher.state !== 'idle', last: fetcher.data }
}
