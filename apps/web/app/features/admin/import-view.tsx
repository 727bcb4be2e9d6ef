import type { ImportJob } from '@shop/contracts/backoffice-import'
import { useEffect } from 'react'
import { Form, Link, useRevalidator } from 'react-router'
import type { AdminTranslate } from '../../i18n/admin.ts'

/** The dry run: counts, the refused rows with their reasons, and the choice (import, valid rows only, cancel). */
export function ImportPreview({ job, t }: { job: ImportJob; t: AdminTranslate }) {
  const { preview } = job
  const refused = job.rows.filter((r) => r.action === 'refused')
  return (
    <section aria-labelledby="import-preview">
      <h2 id="import-preview">{t('IMPORT_PREVIEW')}</h2>
      <ul className="import-counts">
        <li>{t('IMPORT_ROWS', { count: preview.rows })}</li>
        <li>{t('IMPORT_CREATE', { count: preview.create })}</li>
        <li>{t('IMPORT_UPDATE', { count: preview.update })}</li>
        <li>{t('IMPORT_UNCHANGED', { count: preview.unchanged })}</li>
        <li>{t('IMPORT_REFUSED', { count: preview.refused })}</li>
      </ul>
      {refused.length > 0 ? (
        <>
          <p className="admin-alert" role="alert">
            {t('IMPORT_HAS_REFUSED')}
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>{t('IMPORT_REFUSED_ROWS')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('IMPORT_LINE')}</th>
                  <th scope="col">{t('IMPORT_SKU')}</th>
                  <th scope="col">{t('IMPORT_REASON')}</th>
                </tr>
              </thead>
              <tbody>
                {refused.map((row) => (
                  <tr key={row.line}>
                    <td>{row.line}</td>
                    <td>{row.sku}</td>
                    <td>
                      {row.problems
                        .map((p) => (p.column ? `${p.column}: ${p.message}` : p.message))
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.refused > refused.length ? (
            <p>{t('IMPORT_MORE_REFUSED', { count: preview.refused - refused.length })}</p>
          ) : null}
        </>
      ) : null}
      <ChangedRows rows={job.rows.filter((r) => r.action === 'update')} t={t} />
      {preview.create + preview.update === 0 ? <p>{t('IMPORT_NOTHING')}</p> : null}
      <Form method="post" className="import-actions">
        {preview.refused === 0 && preview.create + preview.update > 0 ? (
          <button type="submit" name="intent" value="start" className="button button--primary">
            {t('IMPORT_START')}
          </button>
        ) : null}
        {preview.refused > 0 && preview.create + preview.update > 0 ? (
          <button type="submit" name="intent" value="start-valid" className="button button--primary">
            {t('IMPORT_VALID_ONLY')}
          </button>
        ) : null}
        <button type="submit" name="intent" value="cancel" className="button">
          {t('IMPORT_CANCEL')}
        </button>
      </Form>
    </section>
  )
}

/** The first rows an import would change, with the columns each changes. */
function ChangedRows({ rows, t }: { rows: ImportJob['rows']; t: AdminTranslate }) {
  if (rows.length === 0) return null
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{t('IMPORT_CHANGED_ROWS')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('IMPORT_LINE')}</th>
            <th scope="col">{t('IMPORT_SKU')}</th>
            <th scope="col">{t('IMPORT_COLUMNS')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td>{row.sku}</td>
              <td>{row.changes.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The import running (a progress bar polled every half second), done or failed. */
export function ImportProgress({ job, t }: { job: ImportJob; t: AdminTranslate }) {
  const { revalidate, state } = useRevalidator()
  const running = job.status === 'running'
  useEffect(() => {
    if (!running || state !== 'idle') return
    const timer = setTimeout(() => void revalidate(), 500)
    return () => clearTimeout(timer)
  }, [running, state, revalidate])
  const { done, total } = job.progress
  const outcome = job.outcome ?? { rows: 0, create: 0, update: 0, unchanged: 0, refused: 0 }
  return (
    <section aria-labelledby="import-progress">
      <h2 id="import-progress">{t('IMPORT_PROGRESS')}</h2>
      <div
        role="progressbar"
        aria-labelledby="import-progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t('IMPORT_RUNNING', { done, total })}
        className="import-bar"
      >
        <div className="import-bar__done" style={{ width: `${total ? (100 * done) / total : 100}%` }} />
      </div>
      <p aria-live="polite">
        {running
          ? t('IMPORT_RUNNING', { done, total })
          : job.status === 'done'
            ? t('IMPORT_DONE', { ...outcome })
            : t('IMPORT_FAILED', { error: job.error ?? '' })}
      </p>
      {running ? null : <Link to="/admin/import">{t('IMPORT_AGAIN')}</Link>}
    </section>
  )
}
