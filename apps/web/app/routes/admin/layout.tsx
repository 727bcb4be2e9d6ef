import { useEffect } from 'react'
import { Form, NavLink, Outlet, useLoaderData } from 'react-router'
import adminStyles from '../../features/admin/admin.css?url'
import { requireStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/layout'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

/** Every back-office page: a staff member or the sign-in; the shell's navigation and who is signed in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const staff = await requireStaff(session, request)
  return { staff, language: session.language, sites: session.sites }
}

export default function AdminLayout() {
  const { staff, language } = useLoaderData<typeof loader>()
  const t = adminTranslator(language)
  useEffect(() => {
    // Browser tests wait for this mark, as on the shop's pages.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <div className="admin">
      <header className="admin-bar">
        <p className="admin-bar__title">{t('ADMIN')}</p>
        <nav aria-label={t('ADMIN_NAV')} className="admin-nav">
          <NavLink to="/admin" end>
            {t('PRODUCTS')}
          </NavLink>
          <NavLink to="/admin/products/new">{t('NEW_PRODUCT')}</NavLink>
          <NavLink to="/admin/categories">{t('CATEGORIES')}</NavLink>
          <a href="/">{t('OPEN_SHOP')}</a>
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
        <Outlet />
      </main>
    </div>
  )
}
