import { data, Form, redirect, useActionData, useLoaderData } from 'react-router'
import { ImportPreview, ImportProgress } from '../../features/admin/import-view.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { type AdminKey, adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/import'

export const meta: Route.MetaFunction = adminMeta

/** The import and export page (docs/decisions/0053-catalogue-csv.md): `?job=` is a dry run or a running import. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const id = new URL(request.url).searchParams.get('job')
  const job = id
    ? await asStaff(request, async () => {
        try {
          const [job, changes] = await Promise.all([
            session.api.importJob(id, { action: 'refused', pageSize: 100 }),
            session.api.importJob(id, { action: 'update', pageSize: 20 }),
          ])
          return { ...job, rows: [...job.rows, ...changes.rows] }
        } catch (error) {
          if (isApiError(error, 404)) return null
          throw error
        }
      })
    : null
  const t = adminTranslator(session.language)
  return { job, language: session.language, title: `${t('IMPORT_EXPORT')} – ${t('ADMIN')}` }
}

const here = (id: string) => `/admin/import?job=${encodeURIComponent(id)}`

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const intent = form.get('intent')
  const id = new URL(request.url).searchParams.get('job') ?? ''
  const fail = (key: AdminKey, message?: string) => data({ error: { key, message } }, 400)
  try {
    if (intent === 'cancel') {
      await asStaff(request, () => session.api.cancelImport(id))
      return redirect('/admin/import')
    }
    if (intent === 'start' || intent === 'start-valid') {
      await asStaff(request, () => session.api.startImport(id, intent === 'start-valid'))
      return redirect(here(id))
    }
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return fail('IMPORT_NO_FILE')
    const csv = await file.text()
    const job = await asStaff(request, () =>
      session.api.uploadImport(csv, { action: 'refused', pageSize: 1 }),
    )
    return redirect(here(job.id))
  } catch (error) {
    if (isApiError(error, 409) && error.body.type === 'refused_rows') return fail('IMPORT_HAS_REFUSED')
    if (isApiError(error, 400) || isApiError(error, 409)) return fail('IMPORT_NO_FILE', error.body.message)
    throw error
  }
}

export default function AdminImport() {
  const { job, language } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const t = adminTranslator(language)
  const error = result?.error ? (result.error.message ?? t(result.error.key)) : null
  return (
    <>
      <div className="admin-heading">
        <h1>{t('IMPORT_EXPORT')}</h1>
      </div>
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
      {job?.status === 'previewed' ? <ImportPreview job={job} t={t} /> : null}
      {job && job.status !== 'previewed' ? <ImportProgress job={job} t={t} /> : null}
      {job ? null : (
        <>
          <section aria-labelledby="export-heading">
            <h2 id="export-heading">{t('EXPORT_HEADING')}</h2>
            <p>{t('EXPORT_TEXT')}</p>
            <a className="button" href="/admin/export.csv" download>
              {t('EXPORT_DOWNLOAD')}
            </a>
          </section>
          <section aria-labelledby="import-heading">
            <h2 id="import-heading">{t('IMPORT_HEADING')}</h2>
            <p>{t('IMPORT_TEXT')}</p>
            <Form method="post" encType="multipart/form-data" className="admin-form">
              <label htmlFor="import-file">{t('IMPORT_FILE')}</label>
              <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
              <button type="submit" name="intent" value="upload" className="button button--primary">
                {t('IMPORT_CHECK')}
              </button>
            </Form>
          </section>
        </>
      )}
    </>
  )
}
