import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import { categoryName, categoryProblem } from '../../features/admin/category-form.ts'
import { CategoryProductsView } from '../../features/admin/category-products-view.tsx'
import { adminMeta } from '../../features/admin/meta.ts'
import { asStaff } from '../../features/admin/staff.server.ts'
import { adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/category'

export const meta: Route.MetaFunction = adminMeta

export const PAGE_SIZE = 100

/** A category's products in their order; `?q=` finds products to add; `?page=` pages a big category. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const url = new URL(request.url)
  const id = params.categoryId
  const q = url.searchParams.get('q')?.trim() || ''
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const [tree, products, found] = await asStaff(request, async () => {
    try {
      return await Promise.all([
        session.api.staffCategoryTree(),
        session.api.staffCategoryProducts(id, { language: session.language, page, pageSize: PAGE_SIZE }),
        q
          ? session.api.staffProducts({
              q,
              pageSize: 10,
              language: session.language,
              sort: 'name',
              order: 'asc',
            })
          : null,
      ])
    } catch (error) {
      if (isApiError(error, 404)) throw data(null, 404)
      throw error
    }
  })
  const category = tree.categories.find((c) => c.id === id)
  if (!category) throw data(null, 404)
  const name = categoryName(category, session.language)
  const t = adminTranslator(session.language)
  return {
    id,
    name,
    products,
    pages: Math.max(1, Math.ceil(products.total / PAGE_SIZE)),
    q,
    found: found?.items.map((p) => ({ id: p.id, sku: p.sku, name: p.name })) ?? null,
    language: session.language,
    saved: url.searchParams.has('saved'),
    title: `${t('CATEGORY_PAGE', { name })} – ${t('ADMIN')}`,
  }
}

/** `move` (a product to `position`), `remove`, `assign` (at the end); then back to the same view. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const productId = String(form.get('productId') ?? '')
  const id = params.categoryId
  try {
    await asStaff(request, async () => {
      if (intent === 'move')
        await session.api.assignProduct(id, productId, Math.max(0, Number(form.get('position')) || 0))
      else if (intent === 'remove') await session.api.unassignProduct(id, productId)
      else if (intent === 'assign') await session.api.assignProduct(id, productId)
      else throw data(null, 400)
    })
  } catch (error) {
    const problem = categoryProblem(error)
    if (problem) return data({ problem }, 400)
    throw error
  }
  // Back to the same view (its search and page; the request's own path may be the data request's).
  const from = new URL(request.url).searchParams
  const back = new URLSearchParams({ saved: '' })
  for (const key of ['q', 'page']) if (from.get(key)) back.set(key, from.get(key) as string)
  throw redirect(`/admin/categories/${encodeURIComponent(id)}?${back}`)
}

export default function AdminCategory() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const t = adminTranslator(loaded.language)
  return (
    <>
      <p>
        <Link to="/admin/categories">{t('BACK_TO_CATEGORIES')}</Link>
      </p>
      <h1>{t('CATEGORY_PAGE', { name: loaded.name })}</h1>
      {result?.problem ? (
        <p role="alert" className="admin-alert">
          {t(result.problem)}
        </p>
      ) : loaded.saved ? (
        <p role="status" className="admin-notice">
          {t('CATEGORY_SAVED')}
        </p>
      ) : null}
      <CategoryProductsView {...loaded} />
      <section aria-labelledby="add-product" className="admin-section">
        <h2 id="add-product">{t('ADD_PRODUCT')}</h2>
        <Form method="get" role="search" className="admin-search">
          <label htmlFor="category-q">{t('FIND_PRODUCT')}</label>
          <input id="category-q" className="input" type="search" name="q" defaultValue={loaded.q} />
          <button type="submit" className="button">
            {t('SEARCH')}
          </button>
        </Form>
        {loaded.found ? <Matches {...loaded} found={loaded.found} /> : null}
      </section>
    </>
  )
}

function Matches({
  found,
  products,
  language,
}: {
  found: Array<{ id: string; sku: string; name: string }>
  products: { items: Array<{ id: string }> }
  language: Parameters<typeof adminTranslator>[0]
}) {
  const t = adminTranslator(language)
  if (found.length === 0) return <p>{t('NO_MATCHES')}</p>
  const inIt = new Set(products.items.map((p) => p.id))
  return (
    <ul className="admin-order">
      {found.map((p) => (
        <li key={p.id}>
          <span>
            {p.name} ({p.sku})
          </span>
          {inIt.has(p.id) ? (
            <span>{t('IN_CATEGORY')}</span>
          ) : (
            <Form method="post" className="admin-inline-form">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="productId" value={p.id} />
              <button type="submit" className="button" aria-label={t('ADD_NAMED', { name: p.name })}>
                {t('ADD')}
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  )
}
