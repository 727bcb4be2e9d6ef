import { data, Form, redirect, useActionData, useLoaderData } from 'react-router'
import { adminMeta } from '../../features/admin/meta.ts'
import { ShopWindowEditor } from '../../features/admin/shop-window-editor.tsx'
import { errorsFromWindowApi, readWindowForm } from '../../features/admin/shop-window-form.ts'
import { signedInUser } from '../../features/auth/session-user.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import type { Route } from './+types/shop-window'

export const meta: Route.MetaFunction = adminMeta

const siteOf = (request: Request, fallback: string) =>
  new URL(request.url).searchParams.get('site') || fallback

/**
 * A site's shop window (owner only, docs/decisions/0055): the address names the site (`?site=de`); the catalogue
 * staff get the API's 403 as a clear message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const url = new URL(request.url)
  if (!signedInUser(request))
    throw redirect(`/admin/sign-in?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
  const code = siteOf(request, session.site.code)
  const base = {
    sites: session.sites.map((s) => ({ code: s.code, name: s.name })),
    code,
    language: session.language,
    saved: url.searchParams.has('saved'),
    title: `${t('SHOP_WINDOW')} – ${t('ADMIN')}`,
  }
  try {
    return { ...base, shopWindow: await session.api.shopWindow(code), forbidden: false }
  } catch (error) {
    if (isApiError(error, 403)) return { ...base, shopWindow: null, forbidden: true }
    if (isApiError(error, 404)) throw data(null, 404)
    throw error
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const code = siteOf(request, session.site.code)
  const form = await request.formData()
  const languages = session.sites.find((s) => s.code === code)?.languages ?? session.site.languages
  const input = readWindowForm(form, languages)
  try {
    await session.api.replaceShopWindow(code, input)
  } catch (error) {
    if (isApiError(error, 403)) return data({ errors: {}, input, forbidden: true }, 403)
    if (!isApiError(error, 400)) throw error
    return data({ errors: errorsFromWindowApi(error.body.details), input }, 400)
  }
  throw redirect(`/admin/shop-window?site=${encodeURIComponent(code)}&saved`)
}

export default function AdminShopWindow() {
  const { sites, code, language, saved, shopWindow, forbidden } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const t = adminTranslator(language)
  if (forbidden || !shopWindow) {
    return (
      <>
        <h1>{t('SHOP_WINDOW')}</h1>
        <p role="alert" className="admin-alert">
          {t('SHOP_WINDOW_FORBIDDEN')}
        </p>
      </>
    )
  }
  const failed = Boolean(result)
  return (
    <>
      <h1>{t('SHOP_WINDOW')}</h1>
      <p className="hint">{t('SHOP_WINDOW_HINT')}</p>
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
      {/* The shop's site selector call: this site and language in a new tab, at its home page. */}
      <form method="post" action="/settings" target="_blank" className="admin-preview" rel="noopener">
        <input type="hidden" name="site" value={code} />
        <input type="hidden" name="language" value={language} />
        <input type="hidden" name="redirectTo" value="/" />
        <button type="submit" className="button button--link">
          {t('PREVIEW_HOME')}
        </button>
      </form>
      {saved && !failed ? (
        <p role="status" className="admin-notice">
          {t('SAVED')}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="admin-alert">
          {t('INVALID_FORM')}
        </p>
      ) : null}
      <ShopWindowEditor
        key={`${code}-${result ? 'failed' : 'loaded'}`}
        initial={result?.input ?? shopWindow}
        languages={shopWindow.languages}
        images={shopWindow.images}
        errors={result?.errors ?? {}}
        language={language}
      />
    </>
  )
}
