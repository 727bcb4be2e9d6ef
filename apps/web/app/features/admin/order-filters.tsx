import { ORDER_STATUSES } from '@shop/contracts/order'
import { Form, Link } from 'react-router'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import type { OrderView } from './order-filter.ts'

/** The order list's filters: a GET form, so the address holds the view (docs/decisions/0057-staff-orders.md). */
export function OrderFilters({
  view,
  sites,
  language,
}: {
  view: OrderView
  sites: Array<{ code: string; name: string }>
  language: Language
}) {
  const t = adminTranslator(language)
  return (
    <Form method="get" role="search" aria-label={t('ORDER_FILTERS')} className="admin-filters">
      <TextField name="q" type="search" label={t('SEARCH_ORDERS')} defaultValue={view.q} required={false} />
      <SelectField name="status" label={t('FILTER_STATUS')} defaultValue={view.status}>
        <option value="">{t('ANY_STATUS')}</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`STATUS_${status}`)}
          </option>
        ))}
      </SelectField>
      <SelectField name="site" label={t('FILTER_SITE')} defaultValue={view.site}>
        <option value="">{t('ANY_SITE')}</option>
        {sites.map((site) => (
          <option key={site.code} value={site.code}>
            {site.name}
          </option>
        ))}
      </SelectField>
      <TextField name="from" type="date" label={t('FILTER_FROM')} defaultValue={view.from} required={false} />
      <TextField name="to" type="date" label={t('FILTER_TO')} defaultValue={view.to} required={false} />
      <TextField
        name="min"
        inputMode="decimal"
        label={t('FILTER_MIN_TOTAL')}
        defaultValue={view.min}
        required={false}
      />
      <TextField
        name="max"
        inputMode="decimal"
        label={t('FILTER_MAX_TOTAL')}
        defaultValue={view.max}
        required={false}
      />
      <div className="admin-filters__actions">
        <button type="submit" className="button button--primary">
          {t('APPLY_FILTERS')}
        </button>
        <Link to="/admin/orders">{t('CLEAR_FILTERS')}</Link>
      </div>
    </Form>
  )
}
