// Media types in words the team reads at a glance: a bucket's allow-list 'Audio: MP3, WAV, M4A'
// rather than 'audio/mpeg, audio/wav, audio/x-wav, audio/mp4', a file's type 'WAV audio'.

const FORMATS: Record<string, string> = {
  'audio/mpeg': 'MP3',
  'audio/mp3': 'MP3',
  'audio/wav': 'WAV',
  'audio/x-wav': 'WAV',
  'audio/wave': 'WAV',
  'audio/mp4': 'M4A',
  'audio/x-m4a': 'M4A',
  'audio/ogg': 'Ogg',
  'video/webm': 'WebM',
  'video/mp4': 'MP4',
  'video/quicktime': 'QuickTime',
  'image/webp': 'WebP',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/svg+xml': 'SVG',
  'image/avif': 'AVIF',
}

const KINDS: Record<string, { list: string; one: string }> = {
  audio: { list: 'Audio', one: 'audio' },
  video: { list: 'Video', one: 'video' },
  image: { list: 'Images', one: 'image' },
}

function kindOf(mime: string): string {
  return mime.split('/', 1)[0] ?? ''
}

/** A bucket's allow-list in words: 'Audio: MP3, WAV, M4A'; 'Images: any type'; 'Any type'. */
export function describeAllowedTypes(types: readonly string[] | null | undefined): string {
  if (!types || types.length === 0) return 'Any type'
  const groups = new Map<string, string[]>()
  for (const raw of types) {
    const mime = raw.trim().toLowerCase()
    const kind = kindOf(mime)
    const label = mime.endsWith('/*') ? 'any type' : (FORMATS[mime] ?? mime)
    const list = groups.get(kind) ?? []
    if (!list.includes(label)) list.push(label)
    groups.set(kind, list)
  }
  return [...groups]
    .map(([kind, labels]) => `${KINDS[kind]?.list ?? kind}: ${labels.join(', ')}`)
    .join('; ')
}

/** One file's type in words: 'WAV audio', 'WebM video'; unknown types as they are. */
export function describeType(mime: string | null | undefined): string {
  if (!mime) return ''
  const base = mime.split(';', 1)[0]!.trim().toLowerCase()
  const format = FORMATS[base]
  const kind = KINDS[kindOf(base)]
  return format && kind ? `${format} ${kind.one}` : base
}
