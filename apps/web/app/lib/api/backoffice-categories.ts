import {
  backofficeCategoriesApi as api,
  type StaffCategoryCreate,
  type StaffCategoryPlace,
} from '@shop/contracts/backoffice-categories'
import type { Transport } from './transport.ts'

type Texts = StaffCategoryCreate['texts']

/** The back office's category calls (server-side only, like the product calls). */
export function backofficeCategoryCalls({ call }: Transport) {
  return {
    staffCategoryTree: () => call(api.tree),
    createCategory: (body: StaffCategoryCreate) => call(api.create, { body }),
    renameCategory: (categoryId: string, texts: Texts) =>
      call(api.rename, { params: { categoryId }, body: { texts } }),
    placeCategory: (categoryId: string, body: StaffCategoryPlace) =>
      call(api.place, { params: { categoryId }, body }),
    publishCategory: (categoryId: string, published: boolean) =>
      call(api.publish, { params: { categoryId }, body: { published } }),
    deleteCategory: (categoryId: string) => call(api.remove, { params: { categoryId } }),
    staffCategoryProducts: (
      categoryId: string,
      query: { language: string; page: number; pageSize: number },
    ) => call(api.products, { params: { categoryId }, query }),
    assignProduct: (categoryId: string, productId: string, position?: number) =>
      call(api.assign, {
        params: { categoryId, productId },
        body: position === undefined ? {} : { position },
      }),
    unassignProduct: (categoryId: string, productId: string) =>
      call(api.unassign, { params: { categoryId, productId } }),
    staffProductCategories: (productId: string, language: string) =>
      call(api.productCategories, { params: { productId }, query: { language } }),
  }
}
