import { data, Link, redirect, useActionData, useLoaderData } from 'react-router'
import { CommerceForm } from '../../features/admin/commerce-view.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import {
  optionProblems,
  readCommerceForm,
  readOptionsForm,
  readVariantForm,
  variantProblems,
} from '../../features/admin/variants-form.ts'
import { OptionsForm, VariantTable } from '../../features/admin/variants-view.tsx'
import { adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/variants'

export const meta: Route.MetaFunction = adminMeta

/** A product's options, variants, unit, tax codes per site and fees (docs/decisions/0051-staff-variants.md). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const id = params.productId
  const [product, variants, commerce] = await asStaff(request, async () => {
    try {
      return await Promise.all([
        session.api.staffProduct(id),
        session.api.staffVariants(id),
        session.api.staffCommerce(id),
      ])
    } catch (error) {
      if (isApiError(error, 404)) throw data(null, 404)
      throw error
    }
  })
  const name =
    product.texts.find((x) => x.language === session.language)?.name ?? product.texts[0]?.name ?? ''
  const saved = new URL(request.url).searchParams.get('saved')
  return {
    name,
    variants,
    commerce,
    languages: [...new Set(session.sites.flatMap((s) => s.languages))],
    currencies: [...new Set(session.sites.map((s) => s.currency))],
    sites: session.sites.map((s) => ({ code: s.code, currency: s.currency })),
    language: session.language,
    saved: saved === 'options' ? t('OPTIONS_SAVED') : saved ? t('SAVED') : null,
    title: `${t('VARIANTS_OF', { name })} – ${t('ADMIN')}`,
  }
}

const back = (id: string, what: string) =>
  redirect(`/admin/products/${encodeURIComponent(id)}/variants?saved=${what}`)

/** One of three forms: the options (generate), one variant's row, or the commerce terms. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const id = params.productId
  const form = await request.formData()
  const intent = form.get('intent')
  const fail = (problems: string[], variantId?: string) => data({ problems, variantId }, 400)
  try {
    if (intent === 'options') {
      const options = readOptionsForm(form)
      try {
        await session.api.setOptions(id, { options })
      } catch (error) {
        if (!isApiError(error)) throw error
        if (error.body.type === 'variant_ordered')
          return fail([t('VARIANT_ORDERED', { codes: error.body.details.map((d) => d.message).join(', ') })])
        if (error.status === 400) return fail(optionProblems(error.body.details, options, t))
        throw error
      }
      throw back(id, 'options')
    }
    if (intent === 'commerce') {
      await session.api.updateCommerce(id, readCommerceForm(form, session.sites))
      throw back(id, 'commerce')
    }
    const variantId = String(form.get('variantId') ?? '')
    const current = await session.api.staffVariants(id)
    const languages = [...new Set(session.sites.flatMap((s) => s.languages))]
    const currencies = [...new Set(session.sites.map((s) => s.currency))]
    const row = readVariantForm(form, current.options, languages, currencies)
    if (row.bad.length || row.stock === undefined)
      return fail([row.stock === undefined ? t('STOCK_INVALID') : t('AMOUNT_INVALID')], variantId)
    try {
      await session.api.updateVariant(id, variantId, row.input)
      if (row.stock !== row.expected)
        await session.api.variantStock(id, variantId, { expected: row.expected, stock: row.stock })
    } catch (error) {
      if (!isApiError(error)) throw error
      if (error.body.type === 'stock_changed')
        return fail([t('STOCK_CHANGED', { stock: error.body.details[0]?.message ?? '' })], variantId)
      if (error.status === 400 || error.status === 409)
        return fail(variantProblems(error.body.type, error.body.details, t), variantId)
      throw error
    }
    throw back(id, 'variant')
  } catch (error) {
    if (isApiError(error, 400)) return fail(error.body.details.map((d) => `${d.field ?? ''}: ${d.message}`))
    throw error
  }
}

export default function AdminVariants() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const t = adminTranslator(loaded.language)
  return (
    <>
      <h1>{t('VARIANTS_OF', { name: loaded.name })}</h1>
      <p>
        <Link to={`/admin/products/${encodeURIComponent(loaded.variants.productId)}`}>
          {t('BACK_TO_PRODUCT')}
        </Link>
      </p>
      {loaded.saved && !result ? (
        <p role="status" className="admin-notice">
          {loaded.saved}
        </p>
      ) : null}
      {result?.problems.length ? (
        <div role="alert" className="admin-alert">
          <ul>
            {result.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <OptionsForm data={loaded.variants} language={loaded.language} />
      <VariantTable
        data={loaded.variants}
        languages={loaded.languages}
        currencies={loaded.currencies}
        language={loaded.language}
      />
      <CommerceForm commerce={loaded.commerce} sites={loaded.sites} language={loaded.language} />
    </>
  )
}
