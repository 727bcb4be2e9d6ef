import { redirect } from 'react-router'
import { discover, exchangeCode, facebookToken, STATE_COOKIE } from '../features/auth/oidc.server.ts'
import { completeSignIn, safeReturnTo } from '../features/auth/session-user.server.ts'
import { getSession, serverDepsContext } from '../lib/context.server.ts'
import { parseCookies } from '../lib/cookies.server.ts'
import type { Route } from './+types/auth-callback'

/**
 * /auth/callback/{google|facebook}: checks the state, trades the code for the ID token (google) or the user
 * access token (facebook) and signs in through the API, which verifies it with the provider.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = getSession(context)
  const url = new URL(request.url)
  let stored: { state?: string; verifier?: string; returnTo?: string } = {}
  try {
    stored = JSON.parse(parseCookies(request.headers.get('cookie'))[STATE_COOKIE] ?? '{}')
  } catch {
    stored = {}
  }
  session.setCookie(STATE_COOKIE, '', { maxAge: 0, httpOnly: true })
  const returnTo = safeReturnTo(stored.returnTo)
  const failed = `/sign-in?returnTo=${encodeURIComponent(returnTo)}&error=login_failed`
  const code = url.searchParams.get('code')
  const provider = params.provider
  if (
    (provider !== 'google' && provider !== 'facebook') ||
    !code ||
    !stored.state ||
    stored.state !== url.searchParams.get('state')
  )
    throw redirect(failed)
  try {
    const config = await session.api.loginConfig()
    const settings = config.providers.find((p) => p.providerId === provider)
    if (!settings) throw new Error(`${provider} sign-in is not configured`)
    const redirectUri = `${url.origin}/auth/callback/${provider}`
    const { social } = context.get(serverDepsContext)
    const token =
      provider === 'google'
        ? await exchangeCode(await discover(settings.issuer), {
            code,
            redirectUri,
            clientId: settings.clientId,
            verifier: stored.verifier ?? '',
            secret: social.googleClientSecret,
          })
        : await facebookToken(settings.issuer, {
            code,
            redirectUri,
            clientId: settings.clientId,
            secret: social.facebookAppSecret,
          })
    await completeSignIn(session, await session.api.socialLogin(provider, token))
  } catch (error) {
    console.error(error)
    throw redirect(failed)
  }
  throw redirect(returnTo)
}

export default function AuthCallback() {
  return null
}
