// GET /auth/v1/settings and /auth/v1/health: what this auth service offers, in GoTrue's shapes.
import type { FastifyInstance } from 'fastify'
import { anyQuery } from '../http/route-schemas.js'
import type { AuthContext } from './context.js'

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'phone',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
]

export function registerSettings(app: FastifyInstance, ctx: AuthContext) {
  const schema = { querystring: anyQuery }
  app.get('/settings', { schema }, async (_req, reply) =>
    reply.send({
      external: { email: true, ...Object.fromEntries(PROVIDERS.map((p) => [p, false])) },
      disable_signup: false,
      mailer_autoconfirm: ctx.mailer === undefined,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )
  app.get('/health', { schema }, async (_req, reply) =>
    reply.send({
      version: 'rent-due',
      name: 'GoTrue',
      description: 'GoTrue-compatible auth API of the Rent Due server',
    }),
  )
}
