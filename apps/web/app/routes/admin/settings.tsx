import { data, redirect, useActionData, useLoaderData } from 'react-router'
import { textValues } from '../../features/admin/form-values.ts'
import { adminMeta } from '../../features/admin/meta.ts'
import type { FieldErrors } from '../../features/admin/product-form.ts'
import {
  readSettingsForm,
  settingsErrorsFromApi,
  settingsFormValues,
} from '../../features/admin/settings-form.ts'
import { SettingsView } from '../../features/admin/settings-view.tsx'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/settings'

export const meta: Route.MetaFunction = adminMeta

/** The shop's contact phone, mail sender, logo and icon (owner only, docs/decisions/0067). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const settings = await asStaff(request, () => session.api.shopSettings())
  return {
    settings,
    language: session.language,
    saved: new URL(request.url).searchParams.get('saved'),
    title: `${t('SHOP_SETTINGS')} – ${t('ADMIN')}`,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const values = textValues(form)
  const refused = (errors: FieldErrors, status: number) => data({ failure: { values, errors } }, status)
  const { input, errors } = readSettingsForm(form)
  if (Object.keys(errors).length > 0) return refused(errors, 400)
  try {
    await asStaff(request, () => session.api.updateShopSettings(input))
  } catch (error) {
    if (isApiError(error, 400)) return refused(settingsErrorsFromApi(error.body.details), 400)
    throw error
  }
  throw redirect(`/admin/settings?saved=${Date.now().toString(36)}`)
}

export default function AdminSettings() {
  const { settings, language, saved } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()?.failure
  const t = adminTranslator(language)
  return (
    <>
      <h1>{t('SHOP_SETTINGS')}</h1>
      <p className="hint">{t('SHOP_SETTINGS_HINT')}</p>
      {failure ? (
        <p role="alert" className="admin-alert">
          {t('SETTINGS_REFUSED')}
        </p>
      ) : saved ? (
        <p role="status" className="admin-notice">
          {t('SETTINGS_SAVED')}
        </p>
      ) : null}
      <SettingsView
        key={saved ?? ''}
        settings={settings}
        values={failure?.values ?? settingsFormValues(settings)}
        errors={failure?.errors ?? {}}
        language={language}
      />
    </>
  )
}
