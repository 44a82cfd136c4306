// Where the browser finds its backend. The production server injects two <meta> tags into
// index.html at request time, so one build runs against any server; a static build for a CDN
// falls back to the VITE_ variables baked in at build time.

export type RuntimeConfig = { supabaseUrl: string; supabaseAnonKey: string }

type MetaSource = Pick<Document, 'querySelector'>
type BuildEnv = { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string }

function readMeta(doc: MetaSource, name: string): string | undefined {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim()
}

/**
 * An empty URL meta tag means "same origin" (the server serves the API next to the site); a
 * missing tag means no server injected it, so the build-time env applies.
 */
export function readRuntimeConfig(doc: MetaSource, env: BuildEnv, origin: string): RuntimeConfig {
  const metaUrl = readMeta(doc, 'rentdue-supabase-url')
  const metaKey = readMeta(doc, 'rentdue-supabase-anon-key')
  const supabaseUrl = metaUrl !== undefined ? metaUrl || origin : env.VITE_SUPABASE_URL || origin
  const supabaseAnonKey = metaKey || env.VITE_SUPABASE_ANON_KEY || ''
  return { supabaseUrl, supabaseAnonKey }
}
