// The video area of an episode: a shared-drive preview in an <iframe>, or our VideoPlayer for a
// storage or https media file (lib/episode-video decides which, and refuses anything else).
import { resolveEpisodeVideo } from '../../lib/episode-video'
import { readRuntimeConfig } from '../../lib/runtime-config'
import { VideoPlayer } from '../../ui/video-player'
import type { Episode } from './api/fetch-episodes'

type EpisodeScreenProps = { episode: Episode; poster?: string }

export function EpisodeScreen({ episode, poster }: EpisodeScreenProps) {
  const { supabaseUrl } = readRuntimeConfig(document, import.meta.env, window.location.origin)
  const video = resolveEpisodeVideo(episode.video_url, supabaseUrl)
  const label = `EP ${episode.episode_number}: ${episode.title}`
  if (!video) {
    return (
      <p className="episode-screen__missing" role="alert">
        This episode’s video link does not work. Please try again later.
      </p>
    )
  }
  if (video.kind === 'embed') {
    return (
      <iframe
        className="episode-screen__frame"
        src={video.url}
        title={label}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
      />
    )
  }
  return (
    <VideoPlayer
      src={video.url}
      title={label}
      poster={poster}
      resumeKey={`episode-${episode.id}`}
      autoPlay
    />
  )
}
