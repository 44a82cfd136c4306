// Migrations 0021 and 0022 through supabase-js: events and pins, what an episode's video is, and
// the soundtrack order, each read by everyone and written by admins only, with the tables' own
// rules (a real time zone, an https link or a place, one position per track of the volume).
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let admin: SupabaseClient

beforeAll(async () => {
  server = await startTestServer({ seed: true })
  admin = server.client('admin')
})

afterAll(async () => {
  await server?.close()
})

const event = {
  title: 'Table read, live',
  summary: 'The cast reads episode 5 aloud.',
  starts_at: '2026-11-20T18:00:00-05:00',
  time_zone: 'America/New_York',
  link_url: 'https://example.com/live',
  signup_form: 'none',
  pinned: true,
}

describe('events', () => {
  it('the spec’s pinned Q&A card is the first event, readable by anyone', async () => {
    const { data, error } = await server
      .client('anon')
      .from('events')
      .select('title, starts_at, time_zone, place, link_url, signup_form, pinned')
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        title: 'Meet the Cast: Virtual Q&A',
        starts_at: '2025-09-06T23:00:00+00:00',
        time_zone: 'America/New_York',
        place: 'Online: the link comes by e-mail',
        link_url: null,
        signup_form: 'audience_signups',
        pinned: true,
      },
    ])
  })

  it('visitors may not add, change or remove one', async () => {
    for (const kind of ['anon', 'authenticated'] as const) {
      const c = server.client(kind)
      const added = await c.from('events').insert(event)
      expect([kind, added.error?.code]).toEqual([kind, '42501'])
      const changed = await c.from('events').update({ pinned: false }).neq('id', 0).select('id')
      expect([kind, changed.data ?? changed.error?.code]).toEqual([
        kind,
        kind === 'anon' ? '42501' : [],
      ])
    }
  })

  it('an admin adds, moves, unpins and deletes one', async () => {
    const { data, error } = await admin.from('events').insert(event).select('id').single()
    expect(error).toBeNull()
    const moved = await admin
      .from('events')
      .update({ starts_at: '2026-11-21T18:00:00-05:00', pinned: false })
      .eq('id', data!.id)
      .select('starts_at, pinned')
    expect(moved.data).toEqual([{ starts_at: '2026-11-21T23:00:00+00:00', pinned: false }])
    const gone = await admin.from('events').delete().eq('id', data!.id).select('id')
    expect(gone.data).toEqual([{ id: data!.id }])
  })

  it.each([
    [
      'an unknown time zone',
      { time_zone: 'Mars/Olympus' },
      '22023',
      'time zone "Mars/Olympus" not recognized',
    ],
    ['a javascript: link', { link_url: 'javascript:alert(1)' }, '23514', 'events_link_url'],
    ['a plain http link', { link_url: 'http://example.com' }, '23514', 'events_link_url'],
    ['neither link nor place', { link_url: null, place: null }, '23514', 'events_link_or_place'],
    ['an unknown sign-up form', { signup_form: 'contact' }, '23514', 'events_signup_form'],
    ['a blank title', { title: '  ' }, '23514', 'events_title_length'],
  ])('refuses %s', async (_what, change, code, words) => {
    const { error } = await admin.from('events').insert({ ...event, ...change })
    expect(error?.code).toBe(code)
    expect(error?.message).toContain(words)
  })
})

describe('pins and video kinds', () => {
  it('an admin pins a memo; a visitor may not', async () => {
    const { data: news } = await admin.from('news').select('id').limit(1).single()
    const plain = await server
      .client('authenticated')
      .from('news')
      .update({ pinned: true })
      .eq('id', news!.id)
      .select('id')
    expect(plain.data).toEqual([])
    const pinned = await admin
      .from('news')
      .update({ pinned: true })
      .eq('id', news!.id)
      .select('pinned')
    expect(pinned.data).toEqual([{ pinned: true }])
    const read = await server.client('anon').from('news').select('id').eq('pinned', true)
    expect(read.data).toEqual([{ id: news!.id }])
  })

  it('the sample episodes are labelled as what they play; the kind is checked', async () => {
    const { data } = await server
      .client('anon')
      .from('episodes')
      .select('episode_number, video_kind')
      .order('episode_number')
    expect(data).toEqual([
      { episode_number: 1, video_kind: 'preview' },
      { episode_number: 2, video_kind: 'preview' },
      { episode_number: 3, video_kind: 'preview' },
      { episode_number: 4, video_kind: 'behind_the_scenes' },
    ])
    const bad = await admin
      .from('episodes')
      .update({ video_kind: 'trailer' })
      .eq('episode_number', 1)
    expect(bad.error?.code).toBe('23514')
  })
})

describe('the soundtrack order', () => {
  async function ids(bucket: string): Promise<string[]> {
    const { data } = await admin.storage.from(bucket).list('', { limit: 100 })
    return (data ?? []).map((o) => o.id as string)
  }

  it('an admin sets a volume’s order in one call; everyone reads it', async () => {
    const bucket = 'soundtrack 1st'
    const service = server.client('service')
    for (const name of ['a.wav', 'b.wav', 'c.wav']) {
      await service.storage
        .from(bucket)
        .upload(name, Buffer.from('RIFF'), { contentType: 'audio/wav' })
    }
    const [a, b, c] = await ids(bucket)
    const set = await admin.rpc('set_track_order', { p_bucket: bucket, p_object_ids: [c, a, b] })
    expect(set.error).toBeNull()
    const read = await server
      .client('anon')
      .from('track_order')
      .select('object_id, position')
      .eq('bucket_id', bucket)
      .order('position')
    expect(read.data).toEqual([
      { object_id: c, position: 0 },
      { object_id: a, position: 1 },
      { object_id: b, position: 2 },
    ])
    // The whole order is replaced, never merged.
    await admin.rpc('set_track_order', { p_bucket: bucket, p_object_ids: [b] })
    const after = await admin.from('track_order').select('object_id').eq('bucket_id', bucket)
    expect(after.data).toEqual([{ object_id: b }])
  })

  it('refuses visitors, ids of other buckets and a track listed twice', async () => {
    const [a] = await ids('soundtrack 1st')
    const plain = await server
      .client('authenticated')
      .rpc('set_track_order', { p_bucket: 'soundtrack 1st', p_object_ids: [a] })
    expect(plain.error?.code).toBe('42501')
    const anon = await server
      .client('anon')
      .rpc('set_track_order', { p_bucket: 'soundtrack 1st', p_object_ids: [a] })
    expect(anon.error?.code).toBe('42501')
    const other = await admin.rpc('set_track_order', {
      p_bucket: 'soundtrack 2nd',
      p_object_ids: [a],
    })
    expect(other.error).toMatchObject({
      code: '22023',
      message: 'every id must be a file of soundtrack 2nd',
    })
    const twice = await admin.rpc('set_track_order', {
      p_bucket: 'soundtrack 1st',
      p_object_ids: [a, a],
    })
    expect(twice.error).toMatchObject({ code: '22023', message: 'a track is listed twice' })
  })
})
