// Merchandise cards (docs/product/pages.md#shop): paper price tags pinned to the corkboard, each
// with a 'Buy Now' link to the external store in a new tab. Home shows the first four (limit 4).
import { merchItems } from '../../content/merch'
import { merchAnchor } from '../../lib/item-anchors'
import { formatUsd } from './format-usd'
import './merch-cards.css'

type MerchCardsProps = {
  /** Show only the first `limit` items (Home shows 4). */
  limit?: number
  /** How many leading images load at once; the rest wait until scrolled near (below the fold). */
  eagerImages?: number
}

export function MerchCards({ limit, eagerImages = 0 }: MerchCardsProps) {
  const items = limit === undefined ? merchItems : merchItems.slice(0, limit)
  return (
    <ul className="merch-cards" aria-label="Merchandise">
      {items.map((item, index) => (
        <li
          key={item.id}
          id={merchAnchor(item.id)}
          className="merch-card notice"
          data-testid="merch-card"
        >
          <span className="notice__tape" aria-hidden="true" />
          <img
            className="merch-card__art"
            src={item.image}
            alt=""
            width={240}
            height={180}
            loading={index < eagerImages ? 'eager' : 'lazy'}
            decoding="async"
          />
          <h3 className="merch-card__title">{item.title}</h3>
          <p className="merch-card__text">{item.description}</p>
          <div className="merch-card__foot">
            <p className="merch-card__price">
              <span className="visually-hidden">Price: </span>
              {formatUsd(item.price)}
            </p>
            <a
              className="btn btn--primary merch-card__buy"
              href={item.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              Buy Now
              <span className="visually-hidden"> {item.title} (opens the store in a new tab)</span>
              <span aria-hidden="true"> ↗</span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  )
}
