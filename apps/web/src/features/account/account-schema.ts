import { z } from 'zod'
import { emailAddress } from '../../lib/submit-rules'

// The auth server's rules (docs/api-coverage.md, Auth): e-mail as public.email_address,
// passwords 8–72 characters (the server also refuses ones that are easy to guess: decision 220).
const password = z
  .string()
  .min(1, 'Please enter your password.')
  .min(8, 'Your password must be at least 8 characters.')
  .max(72, 'Your password must be at most 72 characters.')

export const signInSchema = z.object({
  email: emailAddress,
  password: z.string().min(1, 'Please enter your password.'),
})

export const signUpSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Please enter a username.')
    .max(50, 'Your username must be at most 50 characters.'),
  email: emailAddress,
  password,
})

export type SignInValues = z.infer<typeof signInSchema>
export type SignUpValues = z.infer<typeof signUpSchema>
