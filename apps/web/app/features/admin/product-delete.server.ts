import { data, redirect } from 'react-router'
import { isApiError } from '../../lib/api.ts'
import type { ShopSession } from '../../lib/context.server.ts'

/**
 * The product page's delete and unpublish posts (intent `delete` / `unpublish`); undefined for any other post
 * (the form's save). A product some order holds is refused (409 product_ordered): the page offers to unpublish.
 */
export async function deleteOrUnpublish(session: ShopSession, productId: string, intent: unknown) {
  if (intent === 'delete') {
    try {
      await session.api.deleteProduct(productId)
    } catch (error) {
      if (isApiError(error, 409) && error.body.type === 'product_ordered') {
        return data({ errors: {}, deleteRefused: true }, 409)
      }
      if (!isApiError(error, 404)) throw error
    }
    throw redirect(`/admin?deleted=${encodeURIComponent(productId)}`)
  }
  if (intent === 'unpublish') {
    const product = await session.api.staffProduct(productId)
    await session.api.updateProduct(productId, {
      sku: product.sku,
      published: false,
      taxCode: product.taxCode,
      texts: product.texts.map(({ language, name, description }) => ({ language, name, description })),
      prices: product.prices,
    })
    throw redirect(`/admin/products/${encodeURIComponent(productId)}?saved`)
  }
  return undefined
}
