// The hero's header video (docs/product/pages.md#home): header-loop.webm from 'Episode Previews'
// (its public URL from Home's loader), muted and looping. It stays off the LCP path: a drawn still
// holds the box from the first paint, and the <video> is only added after the page has loaded. With
// reduced motion the still stays.
import { useEffect, useState } from 'react'
import { STILL_SIZES, stillSrcSet } from '../../assets/art/raster-art'

const STILL = '/media/episodes/header-still.webp'
const STILL_SRCSET = stillSrcSet(STILL)

function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    const id = window.setTimeout(run, 0)
    return () => window.clearTimeout(id)
  }
  window.addEventListener('load', run, { once: true })
  return () => window.removeEventListener('load', run)
}

export function HeroVideo({ src }: { src?: string }) {
  const [playing, setPlaying] = useState(false)

  useEffect(() => {
    if (!src || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    return afterLoad(() => setPlaying(true))
  }, [src])

  return (
    <div className="hero-video" aria-hidden="true">
      <img
        className="hero-video__still"
        src={STILL}
        srcSet={STILL_SRCSET}
        sizes={STILL_SIZES}
        alt=""
        width={640}
        height={360}
        fetchPriority="high"
      />
      {playing && (
        <video
          className="hero-video__video"
          src={src}
          poster={STILL}
          muted
          loop
          playsInline
          autoPlay
          preload="auto"
          tabIndex={-1}
        />
      )}
    </div>
  )
}
