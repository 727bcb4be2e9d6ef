import type { StaffProduct } from '@shop/contracts/backoffice'
import { data, Link, redirect, useActionData, useLoaderData, useRouteLoaderData } from 'react-router'
import { adminMeta } from '../../features/admin/meta.ts'
import { productCategories } from '../../features/admin/product-categories.server.ts'
import { ProductCategories } from '../../features/admin/product-categories.tsx'
import { deleteOrUnpublish } from '../../features/admin/product-delete.server.ts'
import { ProductDelete } from '../../features/admin/product-delete.tsx'
import { errorsFromApi, type FieldErrors, readProductForm } from '../../features/admin/product-form.ts'
import { ProductFormView } from '../../features/admin/product-form-view.tsx'
import { ProductImages } from '../../features/admin/product-images.tsx'
import { asStaff } from '../../features/admin/staff.server.ts'
import { VariantsSection } from '../../features/admin/variants-section.tsx'
import { adminTranslator } from '../../i18n/admin.ts'
import { isApiError } from '../../lib/api.ts'
import { getSession } from '../../lib/context.server.ts'
import type { Route } from './+types/product-edit'

export const meta: Route.MetaFunction = adminMeta

/** What the form asks for: every language and currency the shop's sites use. */
function shopTerms(sites: ReadonlyArray<{ languages: string[]; currency: string }>) {
  return {
    languages: [...new Set(sites.flatMap((s) => s.languages))],
    currencies: [...new Set(sites.map((s) => s.currency))],
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = getSession(context)
  const t = adminTranslator(session.language)
  let product: StaffProduct | null = null
  if (params.productId) {
    try {
      product = await asStaff(request, () => session.api.staffProduct(params.productId as string))
    } catch (error) {
      if (isApiError(error, 404)) throw data(null, 404)
      throw error
    }
  }
  const name =
    product?.texts.find((x) => x.language === session.language)?.name ?? product?.texts[0]?.name ?? ''
  const images = product
    ? await asStaff(request, () => session.api.productMedia(params.productId as string))
    : null
  const categories = product ? await asStaff(request, () => productCategories(session, product.id)) : null
  return {
    product,
    categories,
    images: images?.media ?? null,
    ...shopTerms(session.sites),
    language: session.language,
    saved: new URL(request.url).searchParams.has('saved'),
    title: `${product ? t('EDIT_PRODUCT', { name }) : t('NEW_PRODUCT')} – ${t('ADMIN')}`,
  }
}

/**
 * Saves the form: a new product (with its first stock), or the product's fields and then, when the figure
 * was changed, the stock by compare-and-set on the figure the form showed (a checkout in between → asked
 * again with the current figure).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const session = getSession(context)
  const form = await request.formData()
  if (params.productId) {
    const done = await deleteOrUnpublish(session, params.productId, form.get('intent'))
    if (done) return done
  }
  const { languages, currencies } = shopTerms(session.sites)
  const { input, errors } = readProductForm(form, languages, currencies)
  const fail = (fieldErrors: FieldErrors, extra: { stock?: number } = {}) =>
    data({ errors: fieldErrors, ...extra }, 400)
  if (Object.keys(errors).length > 0) return fail(errors)
  try {
    if (!params.productId) {
      const created = await session.api.createProduct(input)
      throw redirect(`/admin/products/${encodeURIComponent(created.id)}?saved`)
    }
    const { stock, ...fields } = input
    await session.api.updateProduct(params.productId, fields)
    const expected = Number(form.get('expected'))
    if (stock !== expected) await session.api.updateStock(params.productId, { expected, stock })
    throw redirect(`/admin/products/${encodeURIComponent(params.productId)}?saved`)
  } catch (error) {
    if (!isApiError(error)) throw error
    if (error.body.type === 'sku_taken') return fail({ sku: { key: 'SKU_TAKEN' } })
    if (error.body.type === 'stock_changed') {
      const current = Number(error.body.details[0]?.message)
      return fail({ stock: { key: 'STOCK_CHANGED', values: { stock: current } } }, { stock: current })
    }
    if (error.status === 400) return fail(errorsFromApi(error.body.details, input))
    throw error
  }
}

export default function AdminProductEdit() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { product, language } = loaded
  const owner = useRouteLoaderData<{ staff: { role: string } }>('routes/admin/layout')?.staff.role === 'owner'
  const name = product?.texts.find((x) => x.language === language)?.name ?? product?.texts[0]?.name ?? ''
  return (
    <>
      <ProductFormView
        key={String(product?.published)}
        {...loaded}
        errors={result?.errors ?? {}}
        currentStock={result && 'stock' in result ? result.stock : undefined}
      />
      {product ? <VariantsSection product={product} language={language} /> : null}
      {product && loaded.categories ? (
        <ProductCategories productId={product.id} categories={loaded.categories} language={language} />
      ) : null}
      {product && loaded.images ? (
        <ProductImages key={product.id} productId={product.id} initial={loaded.images} {...loaded} />
      ) : null}
      {product ? (
        <>
          {owner ? (
            <p>
              <Link to={`/admin/activity?entity=product&entityId=${encodeURIComponent(product.id)}`}>
                {adminTranslator(language)('HISTORY')}
              </Link>
            </p>
          ) : null}
          <ProductDelete
            name={name}
            published={product.published}
            refused={Boolean(result && 'deleteRefused' in result)}
            language={language}
          />
        </>
      ) : null}
    </>
  )
}
