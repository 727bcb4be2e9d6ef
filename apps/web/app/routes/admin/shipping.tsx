import type { StaffShippingMethodInput } from '@shop/contracts/backoffice-shipping'
import { data, Form, redirect, useActionData, useLoaderData } from 'react-router'
import { textValues } from '../../features/admin/form-values.ts'
import { adminMeta } from '../../features/admin/meta.ts'
import type { FieldErrors } from '../../features/admin/product-form.ts'
import {
  methodInputOf,
  readMethodForm,
  readZoneForm,
  type ShippingFailure,
  shippingErrorsFromApi,
} from '../../features/admin/shipping-form.ts'
import { ShippingView } from '../../features/admin/shipping-view.tsx'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { type ApiClient, isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import type { Route } from './+types/shipping'

export const meta: Route.MetaFunction = adminMeta

const siteOf = (request: Request, fallback: string) =>
  new URL(request.url).searchParams.get('site') || fallback

/** A site's shipping zones and methods (owner only, docs/decisions/0062): the address names the site (`?site=de`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const code = siteOf(request, session.site.code)
  const url = new URL(request.url)
  try {
    const shipping = await asStaff(request, () => session.api.staffShipping(code))
    return {
      shipping,
      code,
      sites: session.sites.map((s) => ({ code: s.code, name: s.name })),
      language: session.language,
      saved: url.searchParams.get('saved'),
      title: `${t('SHIPPING')} – ${t('ADMIN')}`,
    }
  } catch (error) {
    if (isApiError(error, 404)) throw data(null, 404)
    throw error
  }
}

type Write = { form: string; sent: { countries?: readonly string[] }; run: () => Promise<unknown> }

/** The one write a post asks for (`intent`), checked on the page first: a wrong form is its errors, no call. */
async function writeOf(
  api: ApiClient,
  code: string,
  form: FormData,
  site: { languages: string[]; currency: string },
): Promise<Write | { form: string; errors: FieldErrors }> {
  const text = (name: string) => String(form.get(name) ?? '')
  const [intent, zoneId, methodId] = [text('intent'), text('zoneId'), text('methodId')]
  const method = (run: (input: StaffShippingMethodInput) => Promise<unknown>, key: string) => {
    const { input, errors } = readMethodForm(form, site.languages, site.currency)
    return Object.keys(errors).length > 0
      ? { form: key, errors }
      : { form: key, sent: {}, run: () => run(input) }
  }
  if (intent === 'create-zone' || intent === 'update-zone') {
    const key = intent === 'create-zone' ? 'zone-new' : `zone-${zoneId}`
    const { input, errors } = readZoneForm(form)
    if (Object.keys(errors).length > 0) return { form: key, errors }
    const run = () =>
      intent === 'create-zone' ? api.createShippingZone(code, input) : api.updateShippingZone(zoneId, input)
    return { form: key, sent: input, run }
  }
  if (intent === 'delete-zone')
    return { form: `zone-${zoneId}`, sent: {}, run: () => api.deleteShippingZone(zoneId) }
  if (intent === 'create-method')
    return method((input) => api.createShippingMethod(zoneId, input), `method-new-${zoneId}`)
  if (intent === 'update-method')
    return method((input) => api.updateShippingMethod(zoneId, methodId, input), `method-${methodId}`)
  if (intent === 'delete-method')
    return { form: `method-${methodId}`, sent: {}, run: () => api.deleteShippingMethod(zoneId, methodId) }
  if (intent !== 'move-method' && intent !== 'toggle-method') throw data(null, 400)
  // One change to a listed method: its other values as the page last read them.
  const change =
    intent === 'move-method'
      ? { position: Math.max(0, Number.parseInt(text('position'), 10) || 0) }
      : { active: text('active') === 'true' }
  return {
    form: `method-${methodId}`,
    sent: {},
    run: async () => {
      const shipping = await api.staffShipping(code)
      const current = shipping.zones.find((z) => z.id === zoneId)?.methods.find((m) => m.id === methodId)
      if (!current) throw Object.assign(new Error('gone'), { gone: true })
      return api.updateShippingMethod(zoneId, methodId, methodInputOf(current, change))
    },
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const code = siteOf(request, session.site.code)
  const form = await request.formData()
  const values = textValues(form)
  const shown = session.sites.find((s) => s.code === code) ?? session.site
  const write = await writeOf(session.api, code, form, shown)
  const refused = (failure: ShippingFailure, status: number) => data({ failure }, status)
  if ('errors' in write) return refused({ form: write.form, values, errors: write.errors }, 400)
  try {
    await asStaff(request, write.run)
  } catch (error) {
    if (isApiError(error, 404) || (error as { gone?: boolean }).gone)
      return refused({ form: write.form, values, errors: {}, gone: true }, 404)
    if (isApiError(error, 400) || isApiError(error, 409)) {
      const errors = shippingErrorsFromApi(error.body.details, write.sent)
      return refused({ form: write.form, values, errors }, error.status)
    }
    throw error
  }
  throw redirect(`/admin/shipping?site=${encodeURIComponent(code)}&saved=${Date.now().toString(36)}`)
}

export default function AdminShipping() {
  const { shipping, code, sites, language, saved } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const failure = result?.failure
  const t = adminTranslator(language)
  return (
    <>
      <h1>{t('SHIPPING')}</h1>
      <p className="hint">{t('SHIPPING_HINT')}</p>
      {sites.length > 1 ? (
        <Form method="get" className="admin-filter">
          <SelectField name="site" label={t('FIELD_SITE')} defaultValue={code}>
            {sites.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button">
            {t('SHOW_SITE')}
          </button>
        </Form>
      ) : null}
      {failure ? (
        <p role="alert" className="admin-alert">
          {t(failure.gone ? 'SHIPPING_GONE' : 'SHIPPING_REFUSED')}
        </p>
      ) : saved ? (
        <p role="status" className="admin-notice">
          {t('SHIPPING_SAVED')}
        </p>
      ) : null}
      <ShippingView key={`${code}-${saved}`} shipping={shipping} language={language} failure={failure} />
    </>
  )
}
