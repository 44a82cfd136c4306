// The sample videos committed under supabase/media/ (made by scripts/make-sample-videos.ts) and
// the storage objects they become. Object names follow the rules the site relies on: BTS videos
// are 'Episode N - <title>.webm' so the BTS page can group them by episode, and the home page
// lists only previews whose name contains 'Previously on The 1st', '2nd' or '3rd'.

export type VideoBucket = 'Behind the scenes' | 'Episode Previews'

export interface SampleVideo {
  bucket: VideoBucket
  name: string
  /** Path of the committed file, relative to the repository root. */
  file: string
}

const bts = (episode: number, title: string): SampleVideo => ({
  bucket: 'Behind the scenes',
  name: `Episode ${episode} - ${title}.webm`,
  file: `supabase/media/behind-the-scenes/episode-${episode}-${title.toLowerCase().replace(/\W+/g, '-')}.webm`,
})

const preview = (ordinal: '1st' | '2nd' | '3rd'): SampleVideo => ({
  bucket: 'Episode Previews',
  name: `Previously on The ${ordinal}.webm`,
  file: `supabase/media/previews/previously-on-the-${ordinal}.webm`,
})

export const SAMPLE_VIDEOS: readonly SampleVideo[] = [
  bts(1, 'Storyboards'),
  bts(1, 'Table Read'),
  bts(2, 'Voice Session'),
  bts(2, 'Foley Kitchen'),
  bts(3, 'Animatic'),
  bts(3, 'Background Paint'),
  bts(4, 'Colour Script'),
  bts(4, 'Final Mix'),
  preview('1st'),
  preview('2nd'),
  preview('3rd'),
  // The hero's looping header video lives with the previews; its name matches none of the
  // preview filters, so the home page's preview list never shows it.
  {
    bucket: 'Episode Previews',
    name: 'header-loop.webm',
    file: 'supabase/media/previews/header-loop.webm',
  },
]
