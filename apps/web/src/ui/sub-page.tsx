import type { ReactNode } from 'react'
import { BackLink } from './back-link'

type SubPageProps = {
  /** The h1 (the route's handle names the page in document.title). */
  heading: string
  /** A short line under the heading. */
  intro?: string
  children?: ReactNode
}

/** The frame of every page except Home: Back button, page heading, content. */
export function SubPage({ heading, intro, children }: SubPageProps) {
  return (
    <div className="sub-page">
      <div className="sub-page__top">
        <BackLink />
      </div>
      <header className="sub-page__header">
        <h1 className="page-title">{heading}</h1>
        {intro && <p className="sub-page__intro">{intro}</p>}
      </header>
      <div className="sub-page__body">{children}</div>
    </div>
  )
}
