import type { ShopSession } from '../../lib/context.server.ts'
import { nestTree, pathOptions } from './category-form.ts'

/** The product's categories (paths of names) and every category it could be added to, for its edit page. */
export async function productCategories(session: ShopSession, productId: string) {
  const [assigned, tree] = await Promise.all([
    session.api.staffProductCategories(productId, session.language),
    session.api.staffCategoryTree(),
  ])
  const inIt = new Set(assigned.map((c) => c.id))
  const options = pathOptions(nestTree(tree.categories, session.language))
    .filter((o) => !inIt.has(o.id))
    .map((o) => ({ id: o.id, label: o.label }))
  return { assigned, options }
}
