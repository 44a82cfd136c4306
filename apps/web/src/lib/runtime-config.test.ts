import { describe, expect, it } from 'vitest'
import { readRuntimeConfig } from './runtime-config'

/** A stand-in for document that knows only the meta tags given. */
function fakeDoc(meta: Record<string, string>) {
  return {
    querySelector(selector: string) {
      const name = /name="([^"]+)"/.exec(selector)?.[1] ?? ''
      return name in meta ? ({ content: meta[name] } as HTMLMetaElement) : null
    },
  } as Pick<Document, 'querySelector'>
}

const origin = 'https://fans.example'

describe('readRuntimeConfig', () => {
  it('uses the meta tags the server injected', () => {
    const doc = fakeDoc({
      'rentdue-supabase-url': 'https://api.example',
      'rentdue-supabase-anon-key': 'anon-123',
    })
    expect(readRuntimeConfig(doc, {}, origin)).toEqual({
      supabaseUrl: 'https://api.example',
      supabaseAnonKey: 'anon-123',
    })
  })

  it('treats an empty URL tag as the page origin', () => {
    const doc = fakeDoc({ 'rentdue-supabase-url': '', 'rentdue-supabase-anon-key': 'k' })
    expect(readRuntimeConfig(doc, { VITE_SUPABASE_URL: 'https://ignored' }, origin)).toEqual({
      supabaseUrl: origin,
      supabaseAnonKey: 'k',
    })
  })

  it('falls back to the build-time env when no tags exist', () => {
    const env = { VITE_SUPABASE_URL: 'https://static.example', VITE_SUPABASE_ANON_KEY: 'env-key' }
    expect(readRuntimeConfig(fakeDoc({}), env, origin)).toEqual({
      supabaseUrl: 'https://static.example',
      supabaseAnonKey: 'env-key',
    })
  })
})
