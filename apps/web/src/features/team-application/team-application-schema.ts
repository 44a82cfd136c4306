import { z } from 'zod'
import { emailAddress, optionalLine, personName } from '../../lib/submit-rules'

/** The roles as stored (team_applications_role_known) with the labels the form shows. */
export const teamRoles = [
  { value: 'voiceover artist', label: 'Voiceover Artist' },
  { value: 'licensing manager', label: 'Licensing Manager' },
  { value: 'writer', label: 'Writer' },
  { value: 'animator', label: 'Animator' },
  { value: 'street team', label: 'Street Team' },
] as const

const roleValues = teamRoles.map((r) => r.value) as [string, ...string[]]

/** Mirrors team_applications: instagram null or 1–100 (one line), comments null or 1–2000. */
export const teamApplicationSchema = z.object({
  name: personName,
  email: emailAddress,
  instagram: optionalLine('Instagram handle', 100),
  role: z.string().refine((v) => roleValues.includes(v), 'Please choose a role.'),
  comments: z.string().trim().max(2000, 'Your comments must be at most 2000 characters.'),
})

export type TeamApplicationValues = z.infer<typeof teamApplicationSchema>
