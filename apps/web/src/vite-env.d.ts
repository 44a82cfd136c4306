/// <reference types="vite/client" />

// Build-time fallbacks for a static build without our server (see lib/runtime-config.ts).
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_ANON_KEY?: string
}
