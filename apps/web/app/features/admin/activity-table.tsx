import type { AuditEntry } from '@shop/contracts/audit'
import { Link } from 'react-router'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { formatDateTime } from '../../lib/format.ts'
import { diffEntry } from './audit-diff.ts'

const label = (t: ReturnType<typeof adminTranslator>, prefix: string, value: string) => {
  const text = t(`${prefix}${value}` as AdminKey)
  return text === undefined || text.startsWith(prefix) ? value : text
}

/** Where an entry's subject is edited in the back office, if it still can be. */
function subjectHref(entry: AuditEntry): string | null {
  if (entry.action === 'delete') return null
  if (entry.entity === 'product') return `/admin/products/${encodeURIComponent(entry.entityId)}`
  if (entry.entity === 'site') return `/admin/shop-window?site=${encodeURIComponent(entry.entityId)}`
  if (entry.entity === 'site_settings') return `/admin/sites#site-${encodeURIComponent(entry.entityId)}`
  if (entry.entity === 'shop_settings') return '/admin/settings'
  if (entry.entity === 'order') return `/admin/orders/${encodeURIComponent(entry.entityId)}`
  if (entry.entity === 'customer') return `/admin/customers/${encodeURIComponent(entry.entityId)}`
  if (entry.entity === 'coupon') return `/admin/coupons/${encodeURIComponent(entry.entityId)}`
  if (entry.entity === 'staff') return '/admin/staff'
  return null
}

/** The audit log as a table: when, who, what; each entry's changed fields behind a disclosure, old → new. */
export function ActivityTable({ items, language }: { items: AuditEntry[]; language: Language }) {
  const t = adminTranslator(language)
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe)
    <section className="admin-table-wrap" aria-label={t('ACTIVITY')} tabIndex={0}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('COL_WHEN')}</th>
            <th scope="col">{t('COL_WHO')}</th>
            <th scope="col">{t('COL_WHAT')}</th>
            <th scope="col">{t('COL_CHANGES')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => {
            const changes = diffEntry(entry.before, entry.after)
            const href = subjectHref(entry)
            const subject = `${label(t, 'ENTITY_', entry.entity)} ${entry.entityId}`
            return (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                </td>
                <td className="admin-wrap">{entry.actor.email}</td>
                <td>
                  <strong>{label(t, 'ACTION_', entry.action)}</strong>{' '}
                  {href ? <Link to={href}>{subject}</Link> : subject}
                </td>
                <td>
                  <details className="admin-changes">
                    <summary>{t('SHOW_CHANGES', { count: changes.length })}</summary>
                    <ChangeList changes={changes} language={language} />
                  </details>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

function ChangeList({ changes, language }: { changes: ReturnType<typeof diffEntry>; language: Language }) {
  const t = adminTranslator(language)
  if (changes.length === 0) return <p>{t('NO_CHANGES')}</p>
  return (
    <dl className="admin-diff">
      {changes.map((change) => (
        <div key={change.field}>
          <dt>{change.field}</dt>
          <dd>
            <span className="visually-hidden">{t('OLD_VALUE')}: </span>
            <del>{change.before ?? '—'}</del> <span aria-hidden="true">→</span>{' '}
            <span className="visually-hidden">{t('NEW_VALUE')}: </span>
            <ins>{change.after ?? '—'}</ins>
          </dd>
        </div>
      ))}
    </dl>
  )
}
