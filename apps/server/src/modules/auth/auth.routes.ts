import { authApi } from '@shop/contracts/auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  authenticateCustomer,
  optionalPrincipal,
  refuseCrossSite,
  requestToken,
} from '../../platform/auth/guard.ts'
import { TOKEN_COOKIE } from '../../platform/auth/tokens.ts'
import type { AppContext } from '../../platform/http/context.ts'
import { route } from '../../platform/http/route.ts'
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
    route(app, authApi.anonymousLogin, async (request) => anonymousLogin(ctx, request.query.session_id))

    route(app, authApi.logout, async (request, reply) => {
      await logout(ctx, requestToken(request).token)
      return reply.clearCookie(TOKEN_COOKIE, { path: '/' }).status(204).send(null)
    })

    route(app, authApi.login, async (request, reply) =>
      signIn(request, reply, 200, (current) => login(ctx, request.body, request.ip, current)),
    )

    route(app, authApi.signup, async (request, reply) =>
      signIn(request, reply, 201, (current) =>
        signup(ctx, request.body, request.ip, current, request.headers['accept-language']),
      ),
    )

    route(app, authApi.signupAfterOrder, async (request, reply) =>
      signIn(request, reply, 201, (current) =>
        signupAfterOrder(ctx, request.body, request.ip, current, request.headers['accept-language']),
      ),
    )

    route(app, authApi.socialLogin, async (request, reply) =>
      signIn(request, reply, 200, (current) =>
        socialLogin(ctx, request.params.provider, request.body.accessToken, request.ip, current),
      ),
    )

    route(app, authApi.loginConfig, async () => loginConfig(ctx))

    route(app, authApi.requestPasswordReset, async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email, request.ip, request.headers['accept-language'])
      return reply.status(204).send(null)
    })

    route(app, authApi.updatePassword, async (request, reply) => {
      await updatePasswordWithToken(ctx, request.body.token, request.body.password)
      return reply.status(204).send(null)
    })

    route(app, authApi.changePassword, async (request, reply) => {
      const principal = await authenticateCustomer(ctx.db, request)
      await changePassword(ctx, principal.customerId, request.body, requestToken(request).token)
      return reply.status(204).send(null)
    })
  }
}
