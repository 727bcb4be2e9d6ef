import { Link, useLoaderData } from 'react-router'
import { CouponTable } from '../../features/admin/coupon-table.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/coupons'

export const meta: Route.MetaFunction = adminMeta

/** The owner's coupons (docs/decisions/0065-staff-coupons.md): the list with redemptions; a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const { items } = await asStaff(request, () => session.api.staffCoupons())
  return {
    items,
    currencies: [...new Set(session.sites.map((s) => s.currency))],
    language: session.language,
    deleted: new URL(request.url).searchParams.get('deleted'),
    title: `${t('COUPONS')} – ${t('ADMIN')}`,
  }
}

export default function AdminCoupons() {
  const { items, currencies, language, deleted } = useLoaderData<typeof loader>()
  const t = adminTranslator(language)
  return (
    <>
      <div className="admin-heading">
        <h1>{t('COUPONS')}</h1>
        <Link to="/admin/coupons/new" className="button button--primary">
          {t('NEW_COUPON')}
        </Link>
      </div>
      <p className="hint">{t('COUPONS_HINT')}</p>
      {deleted ? (
        <p role="status" className="admin-notice">
          {t('COUPON_DELETED', { code: deleted })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p>{t('NO_COUPONS')}</p>
      ) : (
        <>
          <p>{t('COUPON_COUNT', { count: items.length })}</p>
          <CouponTable items={items} currencies={currencies} language={language} />
        </>
      )}
    </>
  )
}
