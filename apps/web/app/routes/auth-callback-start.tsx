import { redirect } from 'react-router'
import { discover, pkceChallenge, randomToken, STATE_COOKIE } from '../features/auth/oidc.server.ts'
import { safeReturnTo } from '../features/auth/session-user.server.ts'
import { getSession, serverDepsContext } from '../lib/context.server.ts'
import type { Route } from './+types/auth-callback-start'

/**
 * /auth/google/start: redirects to the issuer's authorization endpoint (OpenID Connect code flow with PKCE);
 * /auth/facebook/start: to Facebook's OAuth dialog (code flow; the code is traded on the server).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = getSession(context)
  const url = new URL(request.url)
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'))
  const failed = `/sign-in?returnTo=${encodeURIComponent(returnTo)}&error=login_failed`
  const provider = params.provider
  if (provider !== 'google' && provider !== 'facebook') throw redirect(failed)
  try {
    const config = await session.api.loginConfig()
    const settings = config.providers.find((p) => p.providerId === provider)
    if (!settings) throw new Error(`${provider} sign-in is not configured`)
    const state = randomToken()
    const verifier = randomToken() + randomToken()
    const redirectUri = `${url.origin}/auth/callback/${provider}`
    const authorize =
      provider === 'google'
        ? new URL((await discover(settings.issuer)).authorization_endpoint)
        : new URL(context.get(serverDepsContext).social.facebookDialogUrl)
    authorize.search = new URLSearchParams(
      provider === 'google'
        ? {
            response_type: 'code',
            client_id: settings.clientId,
            redirect_uri: redirectUri,
            scope: 'openid email profile',
            state,
            nonce: randomToken(),
            code_challenge: await pkceChallenge(verifier),
            code_challenge_method: 'S256',
          }
        : {
            response_type: 'code',
            client_id: settings.clientId,
            redirect_uri: redirectUri,
            scope: 'email',
            state,
          },
    ).toString()
    session.setCookie(STATE_COOKIE, JSON.stringify({ state, verifier, returnTo }), {
      maxAge: 600,
      httpOnly: true,
    })
    return redirect(authorize.toString())
  } catch (error) {
    console.error(error)
    throw redirect(failed)
  }
}
