import {
  AnonymousLoginQuerySchema,
  AnonymousTokenSchema,
  LoginConfigSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OrderSignupRequestSchema,
  PasswordChangeSchema,
  PasswordResetRequestSchema,
  PasswordResetUpdateSchema,
  SignupRequestSchema,
  SocialLoginParamsSchema,
  SocialLoginRequestSchema,
} from '@shop/contracts/auth'
import { ErrorSchema } from '@shop/contracts/errors'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  authenticateCustomer,
  optionalPrincipal,
  refuseCrossSite,
  requestToken,
} from '../../platform/auth/guard.ts'
import { TOKEN_COOKIE } from '../../platform/auth/tokens.ts'
import type { AppContext } from '../../platform/http/context.ts'
import {
  anonymousLogin,
  login,
  loginConfig,
  logout,
  type SignedIn,
  signup,
  signupAfterOrder,
  socialLogin,
} from './auth.service.ts'
import { changePassword, requestPasswordReset, updatePasswordWithToken } from './password.service.ts'

const security = [{ bearer: [] }]
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema }

export function authRoutes(ctx: AppContext) {
  /** The storefront keeps the token in the HttpOnly cookie (docs/decisions/0003-tokens.md). */
  const setTokenCookie = (reply: FastifyReply, signedIn: SignedIn) =>
    reply.setCookie(TOKEN_COOKIE, signedIn.accessToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.production,
      maxAge: signedIn.expiresIn,
    })

  /** Every sign-in route: refuse cross-site posts, sign in, set the token cookie (a 429 carries Retry-After). */
  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 201,
    work: (current: Awaited<ReturnType<typeof optionalPrincipal>>) => Promise<SignedIn>,
  ) => {
    refuseCrossSite(request)
    const signedIn = await work(await optionalPrincipal(ctx.db, request))
    setTokenCookie(reply, signedIn)
    return reply.status(status).send(signedIn)
  }

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>()
    api.get(
      '/api/auth/anonymous/login',
      {
        schema: {
          tags: ['auth'],
          querystring: AnonymousLoginQuerySchema,
          response: { 200: AnonymousTokenSchema },
        },
      },
      async (request) => anonymousLogin(ctx, request.query.session_id),
    )

    /** Revokes the caller's token (bearer, else cookie) and clears the cookie; idempotent. */
    api.get(
      '/api/auth/logout',
      { schema: { tags: ['auth'], response: { 204: z.null().describe('Logged out') } } },
      async (request, reply) => {
        await logout(ctx, requestToken(request).token)
        return reply.clearCookie(TOKEN_COOKIE, { path: '/' }).status(204).send(null)
      },
    )

    api.post(
      '/api/auth/login',
      {
        schema: {
          tags: ['auth'],
          description:
            'Sign in with e-mail and password. The caller’s current token (if any) is revoked and its session id kept. 401 invalid_credentials, 403 account_locked, 429 with Retry-After.',
          body: LoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        signIn(request, reply, 200, (current) => login(ctx, request.body, request.ip, current)),
    )

    api.post(
      '/api/auth/signup',
      {
        schema: {
          tags: ['auth'],
          description: 'Create an account and sign in. 409 account_already_exists; 400 on body.password.',
          body: SignupRequestSchema,
          response: { 201: LoginResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        signIn(request, reply, 201, (current) =>
          signup(ctx, request.body, request.ip, current, request.headers['accept-language']),
        ),
    )

    api.post(
      '/api/auth/signup/order',
      {
        schema: {
          tags: ['auth'],
          security,
          description:
            'Sign-up after purchase: the guest whose session placed the order creates an account (e-mail and names from the order) that owns it, and is signed in. 401 without a token, 403 when signed in, 404 not this guest’s order, 409 account_already_exists, 400 on body.password.',
          body: OrderSignupRequestSchema,
          response: { 201: LoginResponseSchema, ...errors, 404: ErrorSchema },
        },
      },
      async (request, reply) =>
        signIn(request, reply, 201, (current) =>
          signupAfterOrder(ctx, request.body, request.ip, current, request.headers['accept-language']),
        ),
    )

    api.post(
      '/api/auth/login/:provider',
      {
        schema: {
          tags: ['auth'],
          description:
            'Sign in with google (accessToken = OpenID Connect ID token) or facebook (accessToken = user access token). 401 login_failed.',
          params: SocialLoginParamsSchema,
          body: SocialLoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        signIn(request, reply, 200, (current) =>
          socialLogin(ctx, request.params.provider, request.body.accessToken, request.ip, current),
        ),
    )

    api.get(
      '/api/auth/loginconfig',
      { schema: { tags: ['auth'], response: { 200: LoginConfigSchema } } },
      async () => loginConfig(ctx),
    )

    api.post(
      '/api/auth/password/reset',
      {
        schema: {
          tags: ['auth'],
          description:
            'Mails a one-time link to /reset-password/update?token=… (valid 1 h). 404 email_not_found (spec §8), 429 with Retry-After.',
          body: PasswordResetRequestSchema,
          response: { 204: z.null().describe('Mail sent'), 404: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        await requestPasswordReset(ctx, request.body.email, request.ip, request.headers['accept-language'])
        return reply.status(204).send(null)
      },
    )

    api.post(
      '/api/auth/password/reset/update',
      {
        schema: {
          tags: ['auth'],
          description:
            'Sets the password from a reset token; signs out every session. 400 invalid_token (REQUEST_PW_EXPIRED).',
          body: PasswordResetUpdateSchema,
          response: { 204: z.null().describe('Password set'), 400: ErrorSchema },
        },
      },
      async (request, reply) => {
        await updatePasswordWithToken(ctx, request.body.token, request.body.password)
        return reply.status(204).send(null)
      },
    )

    api.post(
      '/api/auth/password/change',
      {
        schema: {
          tags: ['auth'],
          security,
          description:
            'Changes the password of the signed-in customer. 401 wrong_current_password, 403 social_account; other sessions are signed out.',
          body: PasswordChangeSchema,
          response: { 204: z.null().describe('Password changed'), ...errors },
        },
      },
      async (request, reply) => {
        const principal = await authenticateCustomer(ctx.db, request)
        await changePassword(ctx, principal.customerId, request.body, requestToken(request).token)
        return reply.status(204).send(null)
      },
    )
  }
}
