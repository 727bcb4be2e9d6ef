import { mediaThumbSrc } from '@shop/contracts/media'
import { useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { signedInUser } from './features/auth/session-user.server.ts'
import { CartPanel, CartPanelProvider } from './features/cart/cart-panel.tsx'
import { ConsentBanner } from './features/consent/consent-banner.tsx'
import { type ConsentDecision, decisionFrom } from './features/consent/consent-cookie.ts'
import { Footer } from './features/layout/footer.tsx'
import { TopBar } from './features/layout/top-bar.tsx'
import { StoreConfigAlert } from './features/site/store-config-alert.tsx'
import { translator, useTexts } from './i18n/index.ts'
import { textScripts } from './i18n/scripts.server.ts'
// Not from the lib/api.ts barrel: everything the root imports goes into the always-loaded chunk (vite.config.ts).
import { isApiError } from './lib/api/errors.ts'
import { VALIDATE_ATTRIBUTE } from './lib/api/route.ts'
import { getSession, serverDepsContext } from './lib/context.server.ts'
import { sessionMiddleware } from './lib/session.server.ts'
import { type ShopData, STORE_CONFIG_FAILURE } from './lib/shop.ts'
import shopStyles from './styles/shop.css?url'
import { ErrorScreen } from './ui/error-screen.tsx'

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware]

// A precedence makes React write the stylesheet among the head's first tags, before the module preloads
// `<Scripts>` names (docs/decisions/0074): the one render-blocking request is asked for first.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: shopStyles, precedence: 'default' },
]

/** The tab's icon: the owner's (shop settings, docs/decisions/0067), else the built-in diamond. */
const BUILT_IN_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath fill='%231f3a5f' d='M8 0 16 8 8 16 0 8z'/%3E%3C/svg%3E"

export async function loader({ context, request }: Route.LoaderArgs): Promise<
  ShopData & {
    user: string | null
    consent: ConsentDecision['kind']
    validateApi: boolean
    textScripts: string[]
  }
> {
  const session = getSession(context)
  const { api, site } = session
  const [categories, cart] = await Promise.all([
    api.categoryTree().catch(() => []),
    session.cartId
      ? api.cartForSite(session.cartId, site.code).catch((error: unknown) => {
          // Spec §8: a cart 404 is only a warning; a new cart is created on the next add.
          if (isApiError(error, 404)) session.setCartId(undefined)
          return null
        })
      : Promise.resolve(null),
  ])
  const tax = site.tax?.[0]?.configuration.public
  const mixins = site.mixins ?? {}
  return {
    language: session.language,
    origin: new URL(request.url).origin,
    site: {
      code: site.code,
      name: site.name,
      currency: site.currency,
      languages: site.languages,
      taxLabel: tax?.label,
      taxIncluded: tax?.included ?? false,
      ...(mixins.storeLogoImageKey ? { logoUrl: mixins.storeLogoImageKey } : {}),
      ...(mixins.storeIconImageKey ? { iconUrl: mixins.storeIconImageKey } : {}),
      ...(mixins.contactPhone ? { contactPhone: mixins.contactPhone } : {}),
    },
    sites: session.sites.map((s) => ({ code: s.code, name: s.name, languages: s.languages })),
    categories,
    cart,
    user: signedInUser(request),
    // The banner is part of the server's page when the shopper has not decided (docs/decisions/0023).
    consent: decisionFrom(request.headers.get('cookie') ?? '').kind,
    // Outside production the browser checks API answers against their contracts too (lib/api/browser.ts).
    validateApi: !context.get(serverDepsContext).production,
    // The page's language's texts, preloaded beside the entry, which waits for them (entry.client.tsx).
    textScripts: textScripts(session.language),
    requestId: context.get(serverDepsContext).requestId,
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const language = data?.language ?? 'en'
  // A navigation can switch language (`?lang=`, docs/decisions/0006): it waits for the new texts.
  useTexts(language)
  return (
    <html lang={language} {...(data?.validateApi ? { [VALIDATE_ATTRIBUTE]: '' } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a5f" />
        <link rel="icon" href={data?.site.iconUrl ? mediaThumbSrc(data.site.iconUrl) : BUILT_IN_ICON} />
        {data?.textScripts.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const t = translator(data?.language ?? 'en')
  const location = useLocation()
  useEffect(() => {
    // Marks the page interactive; browser tests wait for it instead of guessing with timeouts.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useEffect(() => {
    // Move focus to the page after client navigation so screen readers announce the new screen.
    if (location.key !== 'default') document.getElementById('main')?.focus({ preventScroll: true })
  }, [location.key])
  return (
    <CartPanelProvider>
      <a className="skip-link" href="#main">
        {t('SKIP_TO_CONTENT')}
      </a>
      {data ? <ConsentBanner serverDecision={data.consent} /> : null}
      {data ? <TopBar /> : null}
      <main id="main" tabIndex={-1} className="main">
        {children}
      </main>
      {data ? <CartPanel /> : null}
      <Footer />
    </CartPanelProvider>
  )
}

export default function App() {
  // The back office draws its own frame (routes/admin/layout.tsx): no shop header, cart or footer.
  if (useLocation().pathname.startsWith('/admin')) return <Outlet />
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  let status = 500
  if (isRouteErrorResponse(error)) status = error.status
  else if (isApiError(error)) status = error.status
  // Logged in the browser only: on the server React Router's error handler has logged the error itself, with its
  // stack, unless its client had gone (the copy here is sanitized, and a gone client's is noise).
  if (status >= 500 && !isRouteErrorResponse(error) && typeof document !== 'undefined') console.error(error)
  const storeConfigFailed = isRouteErrorResponse(error) && error.data?.reason === STORE_CONFIG_FAILURE
  // A failure before the root loader ran (the session middleware's) names the language itself.
  const language = isRouteErrorResponse(error) ? (error.data?.language as string | undefined) : undefined
  return (
    <Shell>
      {storeConfigFailed ? <StoreConfigAlert /> : <ErrorScreen status={status} language={language} />}
    </Shell>
  )
}
