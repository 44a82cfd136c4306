// Renders a loader value once it is there: at once when it already is (server render,
// hydration), else the loading state until its promise settles (a navigation in the browser).
import { Suspense, type ReactNode } from 'react'
import { Await } from 'react-router'
import type { Deferred } from '../lib/loader-data'
import { LoadingState } from './loading-state'

type AwaitedProps<T> = {
  value: Deferred<T>
  /** The loading state's text, e.g. 'Loading episodes...'. */
  loading: string
  children: (value: T) => ReactNode
}

export function Awaited<T>({ value, loading, children }: AwaitedProps<T>) {
  return (
    <Suspense fallback={<LoadingState label={loading} />}>
      <Await resolve={value}>{(resolved: T) => children(resolved)}</Await>
    </Suspense>
  )
}
