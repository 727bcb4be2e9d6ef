import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import { readGridForm } from '../../features/admin/grid-form.ts'
import { GridForm } from '../../features/admin/grid-view.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/prices'

export const meta: Route.MetaFunction = adminMeta

const PAGE_SIZE = 20

/** The price and stock grid (docs/decisions/0052-price-stock-grid.md): the URL holds the search and the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const params = new URL(request.url).searchParams
  const q = params.get('q')?.trim() || undefined
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
  const grid = await asStaff(request, () =>
    session.api.priceGrid({ q, page, pageSize: PAGE_SIZE, language: session.language }),
  )
  const t = adminTranslator(session.language)
  const saved = params.get('saved')
  return {
    grid,
    view: { q: q ?? '', page },
    pages: Math.max(1, Math.ceil(grid.total / PAGE_SIZE)),
    language: session.language,
    saved: saved === null ? null : saved === '0' ? t('GRID_NOTHING') : t('GRID_SAVED', { count: saved }),
    title: `${t('PRICES_AND_STOCK')} – ${t('ADMIN')}`,
  }
}

/** One save of every changed row, all or nothing; a stale stock names its rows and shows the current figures. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  const form = await request.formData()
  const currencies = [...new Set(session.sites.map((s) => s.currency))]
  const { rows, bad } = readGridForm(form, currencies)
  // The action's own URL is the data request's (…/prices.data): the page's address is rebuilt from its search.
  const asked = new URL(request.url).searchParams
  const here = new URL('/admin/prices', 'http://x')
  for (const key of ['q', 'page']) if (asked.get(key)) here.searchParams.set(key, asked.get(key) as string)
  if (bad.length)
    return data({ problem: t('GRID_INVALID', { problems: bad.join(', ') }), at: Date.now() }, 400)
  if (rows.length === 0) {
    here.searchParams.set('saved', '0')
    throw redirect(`${here.pathname}${here.search}`)
  }
  try {
    const { saved } = await session.api.savePriceGrid({ rows })
    here.searchParams.set('saved', String(saved))
    throw redirect(`${here.pathname}${here.search}`)
  } catch (error) {
    if (!isApiError(error)) throw error
    const codeOf = (field: string | undefined) => {
      const i = Number(/^body\.rows\.(\d+)/.exec(field ?? '')?.[1])
      const edit = rows[i]
      return edit ? form.get(`${codeField(form, edit.productId, edit.variantId)}`) : field
    }
    const named = error.body.details.map((d) => String(codeOf(d.field) ?? d.message)).join(', ')
    if (error.body.type === 'stock_changed')
      return data({ problem: t('GRID_STALE', { codes: named }), at: Date.now() }, 409)
    if (error.status === 400 || error.status === 404)
      return data(
        { problem: t('GRID_INVALID', { problems: named || error.body.message }), at: Date.now() },
        400,
      )
    throw error
  }
}

/** The hidden input holding the code of the row for this product or variant. */
function codeField(form: FormData, productId: string, variantId: string | null): string {
  for (let i = 0; form.has(`row-${i}-product`); i++)
    if (form.get(`row-${i}-product`) === productId && (form.get(`row-${i}-variant`) || null) === variantId)
      return `row-${i}-code`
  return ''
}

export default function AdminPrices() {
  const { grid, view, pages, language, saved } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const t = adminTranslator(language)
  const href = (page: number) =>
    `/admin/prices?${new URLSearchParams({ ...(view.q ? { q: view.q } : {}), page: String(page) })}`
  return (
    <>
      <h1>{t('PRICES_AND_STOCK')}</h1>
      <p className="hint">{t('GRID_HINT')}</p>
      <Form method="get" role="search" className="admin-search">
        <label htmlFor="grid-q">{t('SEARCH_PRODUCTS')}</label>
        <input id="grid-q" className="input" type="search" name="q" defaultValue={view.q} />
        <button type="submit" className="button">
          {t('SEARCH')}
        </button>
      </Form>
      <p aria-live="polite">{t('PRODUCT_COUNT', { count: grid.total })}</p>
      {saved && !result ? (
        <p role="status" className="admin-notice">
          {saved}
        </p>
      ) : null}
      {result ? (
        <p role="alert" className="admin-alert">
          {result.problem}
        </p>
      ) : null}
      {grid.rows.length === 0 ? (
        <p>{t('NO_PRODUCTS')}</p>
      ) : (
        // A refused save shows the current figures: the form is drawn anew from them.
        <GridForm
          grid={grid}
          language={language}
          formKey={`${view.q}-${view.page}-${result?.at ?? saved ?? ''}`}
        />
      )}
      <nav aria-label={t('PAGING')} className="admin-pager">
        {view.page > 1 ? <Link to={href(view.page - 1)}>{t('PREVIOUS')}</Link> : null}
        <span>{t('PAGE_OF', { page: view.page, pages })}</span>
        {view.page < pages ? <Link to={href(view.page + 1)}>{t('NEXT')}</Link> : null}
      </nav>
    </>
  )
}
