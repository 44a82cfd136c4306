// The hero's header video (SPEC §2 Home): header-loop.webm from 'Episode Previews', muted and
// looping. It stays off the LCP path: a drawn still holds the box from the first paint, and the
// <video> is only added after the page has loaded. With reduced motion the still stays.
import { useEffect, useState } from 'react'
import { getSupabase } from '../../lib/supabase'

const BUCKET = 'Episode Previews'
const FILE = 'header-loop.webm'
const STILL = '/media/episodes/header-still.svg'

function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    const id = window.setTimeout(run, 0)
    return () => window.clearTimeout(id)
  }
  window.addEventListener('load', run, { once: true })
  return () => window.removeEventListener('load', run)
}

export function HeroVideo() {
  const [src, setSrc] = useState<string | null>(null)

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let current = true
    const cancel = afterLoad(() => {
      getSupabase()
        .then((supabase) => {
          if (current) setSrc(supabase.storage.from(BUCKET).getPublicUrl(FILE).data.publicUrl)
        })
        .catch((error: unknown) => console.error('Loading the header video failed', error))
    })
    return () => {
      current = false
      cancel()
    }
  }, [])

  return (
    <div className="hero-video" aria-hidden="true">
      <img className="hero-video__still" src={STILL} alt="" width={640} height={360} />
      {src && (
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
