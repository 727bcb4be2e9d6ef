import { Form, Link, useLoaderData } from 'react-router'
import { ACTIVITY_PAGE_SIZE, activityView, loadActivity } from '../../features/admin/activity.server.ts'
import { ActivityTable } from '../../features/admin/activity-table.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { getSession } from '../../lib/context.server.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import type { Route } from './+types/activity'

export const meta: Route.MetaFunction = adminMeta

/** The audit log (owner only, docs/decisions/0045): the address holds the filter and the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const view = activityView(new URL(request.url))
  const log = await loadActivity(session, request, view)
  const t = adminTranslator(session.language)
  return {
    log,
    view,
    pages: Math.max(1, Math.ceil(log.total / ACTIVITY_PAGE_SIZE)),
    language: session.language,
    title: `${t('ACTIVITY')} – ${t('ADMIN')}`,
  }
}

export default function AdminActivity() {
  const { log, view, pages, language } = useLoaderData<typeof loader>()
  const t = adminTranslator(language)
  const href = (page: number) => {
    const qs = new URLSearchParams()
    if (view.entity) qs.set('entity', view.entity)
    if (view.entityId) qs.set('entityId', view.entityId)
    if (page > 1) qs.set('page', String(page))
    return `/admin/activity${qs.size ? `?${qs}` : ''}`
  }
  if (log.forbidden) {
    return (
      <>
        <h1>{t('ACTIVITY')}</h1>
        <p role="alert" className="admin-alert">
          {t('ACTIVITY_FORBIDDEN')}
        </p>
      </>
    )
  }
  return (
    <>
      <h1>{t('ACTIVITY')}</h1>
      <Form method="get" className="admin-filter" aria-label={t('ACTIVITY_FILTER')}>
        <SelectField name="entity" label={t('FIELD_ENTITY')} defaultValue={view.entity}>
          <option value="">{t('ENTITY_ANY')}</option>
          <option value="product">{t('ENTITY_product')}</option>
          <option value="site">{t('ENTITY_site')}</option>
          <option value="shipping_zone">{t('ENTITY_shipping_zone')}</option>
          <option value="shipping_method">{t('ENTITY_shipping_method')}</option>
          <option value="site_settings">{t('ENTITY_site_settings')}</option>
          <option value="shop_settings">{t('ENTITY_shop_settings')}</option>
          <option value="order">{t('ENTITY_order')}</option>
          <option value="customer">{t('ENTITY_customer')}</option>
          <option value="coupon">{t('ENTITY_coupon')}</option>
          <option value="staff">{t('ENTITY_staff')}</option>
        </SelectField>
        <TextField
          name="entityId"
          label={`${t('FIELD_ENTITY_ID')} (${t('OPTIONAL')})`}
          required={false}
          defaultValue={view.entityId}
          maxLength={64}
        />
        <button type="submit" className="button">
          {t('FILTER')}
        </button>
      </Form>
      <p aria-live="polite">{t('ACTIVITY_COUNT', { count: log.total })}</p>
      {log.items.length === 0 ? (
        <p>{t('NO_ACTIVITY')}</p>
      ) : (
        <ActivityTable items={log.items} language={language} />
      )}
      <nav aria-label={t('PAGING')} className="admin-pager">
        {view.page > 1 ? <Link to={href(view.page - 1)}>{t('PREVIOUS')}</Link> : null}
        <span>{t('PAGE_OF', { page: view.page, pages })}</span>
        {view.page < pages ? <Link to={href(view.page + 1)}>{t('NEXT')}</Link> : null}
      </nav>
    </>
  )
}
