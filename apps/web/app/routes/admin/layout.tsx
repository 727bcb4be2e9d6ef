import { useEffect } from 'react'
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  redirect,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import adminStyles from '../../features/admin/admin.css?url'
import adminCardStyles from '../../features/admin/admin-cards.css?url'
import adminPageStyles from '../../features/admin/admin-pages.css?url'
import { requireStaff } from '../../features/admin/staff.server.ts'
import { adminHomeOf, mayOpen } from '../../features/admin/staff-pages.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/layout'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: adminPageStyles },
  { rel: 'stylesheet', href: adminCardStyles },
]

/** Every back-office page: a staff member or the sign-in; the shell's navigation and who is signed in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const staff = await requireStaff(session, request)
  const home = adminHomeOf(staff)
  const pathname = new URL(request.url).pathname.replace(/\/$/, '')
  if (pathname === '/admin' && home !== '/admin') throw redirect(home)
  // The status of a page the role may not open; the component says so (below).
  return data(
    { staff, language: session.language, sites: session.sites },
    mayOpen(staff, pathname) ? 200 : 403,
  )
}

export default function AdminLayout() {
  const { staff, language } = useLoaderData<typeof loader>()
  // From the address, not the loader: the layout's loader does not run again on a move between its pages.
  const { pathname } = useLocation()
  const allowed = mayOpen(staff, pathname.replace(/\/$/, ''))
  const t = adminTranslator(language)
  useEffect(() => {
    // Browser tests wait for this mark, as on the shop's pages.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: again after each move between pages
  useEffect(() => {
    // The one-row menu of a phone (admin.css) scrolls sideways to the current page's entry, and only sideways
    // (the page keeps its own scroll); wider screens wrap the menu and have nothing to scroll.
    const nav = document.querySelector<HTMLElement>('.admin-nav')
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (nav && current) nav.scrollLeft = current.offsetLeft - nav.offsetLeft - 16
  }, [pathname])
  return (
    <div className="admin">
      <header className="admin-bar">
        <p className="admin-bar__title">{t('ADMIN')}</p>
        <nav aria-label={t('ADMIN_NAV')} className="admin-nav">
          {staff.role !== 'orders' ? (
            <>
              <NavLink to="/admin" end>
                {t('PRODUCTS')}
              </NavLink>
              <NavLink to="/admin/products/new">{t('NEW_PRODUCT')}</NavLink>
              <NavLink to="/admin/categories">{t('CATEGORIES')}</NavLink>
              <NavLink to="/admin/prices">{t('PRICES_AND_STOCK')}</NavLink>
              <NavLink to="/admin/import">{t('IMPORT_EXPORT')}</NavLink>
            </>
          ) : null}
          {staff.role !== 'catalogue' ? <NavLink to="/admin/orders">{t('ORDERS')}</NavLink> : null}
          {staff.role !== 'catalogue' ? <NavLink to="/admin/customers">{t('CUSTOMERS')}</NavLink> : null}
          <a href="/">{t('OPEN_SHOP')}</a>
          {staff.role === 'owner' ? <NavLink to="/admin/dashboard">{t('DASHBOARD')}</NavLink> : null}
          {staff.role === 'owner' ? <NavLink to="/admin/activity">{t('ACTIVITY')}</NavLink> : null}
          {staff.role === 'owner' ? <NavLink to="/admin/shop-window">{t('SHOP_WINDOW')}</NavLink> : null}
          {staff.role === 'owner' ? <NavLink to="/admin/shipping">{t('SHIPPING')}</NavLink> : null}
          {staff.role === 'owner' ? <NavLink to="/admin/sites">{t('SITES')}</NavLink> : null}
          {staff.role === 'owner' ? <NavLink to="/admin/settings">{t('SHOP_SETTINGS')}</NavLink> : null}
          {staff.role === 'owner' ? <NavLink to="/admin/coupons">{t('COUPONS')}</NavLink> : null}
          {staff.role === 'owner' ? <NavLink to="/admin/staff">{t('STAFF')}</NavLink> : null}
        </nav>
        <p className="admin-bar__who">
          {t('SIGNED_IN_AS', { email: staff.email, role: t(`ROLE_${staff.role}`) })}
        </p>
        <Form method="post" action="/admin/sign-in">
          <input type="hidden" name="intent" value="signout" />
          <button type="submit" className="button">
            {t('SIGN_OUT')}
          </button>
        </Form>
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        {allowed ? <Outlet /> : <Forbidden home={adminHomeOf(staff)} t={t} />}
      </main>
    </div>
  )
}

function Forbidden({ home, t }: { home: string; t: ReturnType<typeof adminTranslator> }) {
  return (
    <>
      <h1>{t('ADMIN')}</h1>
      <p role="alert">{t('FORBIDDEN_PAGE')}</p>
      <Link to={home}>{t('TO_BACK_OFFICE')}</Link>
    </>
  )
}

/** A page the staff member's role may not open (403 from its API call): said plainly, with the way back. */
export function ErrorBoundary() {
  const error = useRouteError()
  const layout = useRouteLoaderData<typeof loader>('routes/admin/layout')
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error
  const t = adminTranslator(layout?.language ?? 'en')
  return (
    <main id="main" className="admin-main">
      <Forbidden home={layout ? adminHomeOf(layout.staff) : '/admin'} t={t} />
    </main>
  )
}
