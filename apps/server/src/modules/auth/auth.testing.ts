import type { FastifyInstance } from 'fastify'

/** Test helpers of the identity area (API through inject). */
let counter = 0
export const uniqueEmail = (prefix = 'shopper') => `${prefix}.${process.pid}.${++counter}@example.com`
export const PASSWORD = 'correct horse battery'

export async function signupCustomer(
  app: FastifyInstance,
  options: { email?: string; password?: string; token?: string; firstName?: string } = {},
) {
  const email = options.email ?? uniqueEmail()
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    payload: {
      email,
      password: options.password ?? PASSWORD,
      firstName: options.firstName ?? 'Ada',
      lastName: 'Lovelace',
    },
  })
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`)
  const body = res.json() as { accessToken: string; customerId: string; sessionId: string }
  return { email, ...body, headers: { authorization: `Bearer ${body.accessToken}` } }
}

export async function anonymousToken(app: FastifyInstance) {
  const body = (await app.inject({ method: 'GET', url: '/api/auth/anonymous/login' })).json()
  return { token: body.access_token as string, sessionId: body.session_id as string }
}

/** The newest mail of the development outbox to an address, and the token of its storefront link. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox' })
  const mail = (res.json().mails as Array<{ to: string; subject: string; text: string }>).find(
    (m) => m.to === to,
  )
  if (!mail) throw new Error(`no mail to ${to}`)
  const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? ''
  return { ...mail, link, token: new URL(link).searchParams.get('token') ?? '' }
}

/** A low scrypt cost for flow tests (the full OWASP cost is exercised by password.test.ts). */
export const FAST_HASH_ENV = { PASSWORD_HASH_COST: '12' }
