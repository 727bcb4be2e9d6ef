import { data, redirect, useActionData, useLoaderData } from 'react-router'
import { textValues } from '../../features/admin/form-values.ts'
import { adminMeta } from '../../features/admin/meta.ts'
import sitesStyles from '../../features/admin/sites.css?url'
import { readSiteForm, type SiteFailure, siteErrorsFromApi } from '../../features/admin/sites-form.ts'
import { SitesView } from '../../features/admin/sites-view.tsx'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/sites'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sitesStyles }]

export const meta: Route.MetaFunction = adminMeta

/** The shop's sites with their currency, languages, tax and payment (owner only, docs/decisions/0067). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const sites = await asStaff(request, () => session.api.staffSites())
  return {
    sites,
    language: session.language,
    saved: new URL(request.url).searchParams.get('saved'),
    title: `${t('SITES')} – ${t('ADMIN')}`,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const values = textValues(form)
  const intent = values.intent
  if (intent !== 'create-site' && intent !== 'update-site') throw data(null, 400)
  const isNew = intent === 'create-site'
  const key = isNew ? 'site-new' : `site-${values.code ?? ''}`
  const { taxableCountries } = await asStaff(request, () => session.api.staffSites())
  const refused = (failure: SiteFailure, status: number) => data({ failure }, status)
  const { input, errors } = readSiteForm(form, taxableCountries, isNew)
  if (Object.keys(errors).length > 0) return refused({ form: key, values, errors }, 400)
  const { code, ...site } = input
  try {
    await asStaff(request, () => (isNew ? session.api.createSite(input) : session.api.updateSite(code, site)))
  } catch (error) {
    if (isApiError(error, 404)) throw redirect('/admin/sites')
    if (isApiError(error, 400) || isApiError(error, 409)) {
      const apiErrors = siteErrorsFromApi(error.body.details, taxableCountries)
      return refused({ form: key, values, errors: apiErrors }, error.status)
    }
    throw error
  }
  throw redirect(`/admin/sites?saved=${Date.now().toString(36)}#site-${encodeURIComponent(code)}`)
}

export default function AdminSites() {
  const { sites, language, saved } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()?.failure
  const t = adminTranslator(language)
  return (
    <>
      <h1>{t('SITES')}</h1>
      <p className="hint">{t('SITES_HINT')}</p>
      {failure ? (
        <p role="alert" className="admin-alert">
          {t('SITE_REFUSED')}
        </p>
      ) : saved ? (
        <p role="status" className="admin-notice">
          {t('SITE_SAVED')}
        </p>
      ) : null}
      <SitesView key={saved ?? ''} sites={sites} language={language} failure={failure} />
    </>
  )
}
