// The three roommates a player can pick in Bill Collector and Penny Pinchers. Names and colour
// keys live here once so the rules, the renderers and the pages' select screens agree.

export const ROOMMATE_IDS = ['dez', 'rosie', 'tubbs'] as const
export type RoommateId = (typeof ROOMMATE_IDS)[number]

export interface RoommateLook {
  id: RoommateId
  name: string
  /** The main colour key: shirt or hoodie, so players tell them apart at a glance. */
  body: string
  /** Hair colour. */
  hair: string
  skin: string
}

export const ROOMMATES: Readonly<Record<RoommateId, RoommateLook>> = {
  dez: { id: 'dez', name: 'Dez', body: '#1f6f78', hair: '#1b1b1f', skin: '#8d5a3b' },
  rosie: { id: 'rosie', name: 'Rosie', body: '#e0679b', hair: '#c2452d', skin: '#f1c7a5' },
  tubbs: { id: 'tubbs', name: 'Tubbs', body: '#f4c430', hair: '#6b4a2b', skin: '#d9a37c' },
}

export function isRoommateId(value: unknown): value is RoommateId {
  return typeof value === 'string' && (ROOMMATE_IDS as readonly string[]).includes(value)
}
