import { LinkButton } from '../../ui/link-button'

/**
 * Any unknown path: a padlocked door with an eviction notice nailed to it
 * (docs/product/pages.md#not-found).
 */
export function NotFoundPage() {
  return (
    <div className="evicted">
      <div className="evicted__door" aria-hidden="true">
        <div className="evicted__panel" />
        <div className="evicted__panel" />
        <div className="evicted__chain" />
        <div className="evicted__lock" />
      </div>
      <section className="evicted__notice notice" aria-labelledby="evicted-title">
        <span className="notice__pin" aria-hidden="true" />
        <p className="evicted__kicker">Notice to vacate · Unit 404</p>
        <h1 id="evicted-title" className="evicted__title">
          EVICTED
        </h1>
        <p>
          This page has been removed from the premises for non-payment. Its belongings are on the
          curb, and the locks have been changed.
        </p>
        <LinkButton to="/" size="large">
          Home Sweet Home
        </LinkButton>
      </section>
    </div>
  )
}
