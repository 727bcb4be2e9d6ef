import { z } from 'zod'
import { CountrySchema, CurrencySchema, IdSchema, MoneySchema } from './common.ts'
import { CouponCodeSchema } from './coupon.ts'
import { endpoint, errors, noContent } from './endpoint.ts'

export const CreateCartSchema = z.object({
  customerId: z.string().optional(),
  currency: CurrencySchema.optional(),
  siteCode: IdSchema,
  channel: z.object({ name: z.string().max(40), source: z.string().max(200).optional() }).optional(),
  sessionValidated: z.boolean().optional(),
})

export const CreateCartResultSchema = z.object({ cartId: z.string() })

export const CartParamsSchema = z.object({ cartId: z.string().max(64) })

export const CartQuerySchema = z.object({ siteCode: IdSchema.optional(), customerId: z.string().optional() })

/**
 * An item is named by its yrn (`urn:yaas:…:product:<tenant>;<productId>[;<variantId>]`) or by productId and
 * variantId. Any price the client sends is ignored: the server prices every line from current prices.
 */
export const AddCartItemSchema = z
  .object({
    itemYrn: z.string().max(300).optional(),
    productId: IdSchema.optional(),
    variantId: IdSchema.optional(),
    quantity: z.number().int().min(1).max(999),
    taxCode: z.string().max(60).optional(),
    price: z.unknown().optional(),
  })
  .refine((v) => v.itemYrn || v.productId, { message: 'itemYrn or productId is required', path: ['itemYrn'] })

export const AddCartItemResultSchema = z.object({ itemId: z.string() })

export const UpdateCartItemSchema = z.object({
  quantity: z.number().int().min(0).max(999).optional(),
  mixins: z.object({ note: z.object({ comment: z.string().max(500) }) }).optional(),
})

export const CartItemParamsSchema = z.object({ cartId: z.string(), itemId: z.string() })

/** PUT …/items/{itemId}?partial=true: only the fields sent change. */
export const UpdateCartItemQuerySchema = z.object({ partial: z.enum(['true', 'false']).optional() })

export const CartItemSchema = z.object({
  id: z.string(),
  itemYrn: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  quantity: z.number().int(),
  product: z.object({ id: z.string(), code: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
  /** "attribute: value" lines of the chosen variant. */
  variants: z.array(z.string()),
  price: z.object({ effectiveAmount: z.number(), originalAmount: z.number(), currency: CurrencySchema }),
  itemPrice: MoneySchema,
  fees: MoneySchema,
  inStock: z.boolean(),
  mixins: z.object({ note: z.object({ comment: z.string() }).optional() }),
})

/** PUT carts/{id}: the tax-estimate destination; both fields are required (spec §5). */
export const UpdateCartSchema = z.object({
  countryCode: CountrySchema,
  zipCode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9 -]+$/, 'letters, digits, space, hyphen'),
})

export const ChangeSiteSchema = z.object({ siteCode: IdSchema })
export const MergeCartsSchema = z.object({ carts: z.array(z.string().max(64)).min(1).max(10) })
export const CustomerCartsQuerySchema = z.object({
  customerId: z.string().min(1).max(64),
  siteCode: IdSchema,
})

export const AddDiscountSchema = z.object({ code: CouponCodeSchema })
export const AddDiscountResultSchema = z.object({ discountId: z.string() })
export const DiscountParamsSchema = z.object({ cartId: z.string().max(64), discountId: z.string().max(64) })

/** A coupon on the cart; one that no longer holds (e.g. the total fell below its minimum) is not applied. */
export const CartDiscountSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  discountType: z.enum(['ABSOLUTE', 'PERCENT']),
  discountRate: z.number().optional(),
  amount: z.number(),
  currency: CurrencySchema,
  minOrderValue: MoneySchema.optional(),
  applied: z.boolean(),
  /** Why it is not applied: a §8 coupon detail type. */
  problem: z.string().optional(),
})

export const CartSchema = z
  .object({
    id: z.string(),
    siteCode: z.string(),
    currency: CurrencySchema,
    channel: z.object({ name: z.string() }),
    customerId: z.string().nullable(),
    items: z.array(CartItemSchema),
    discounts: z.array(CartDiscountSchema),
    totalUnitsCount: z.number().int(),
    subTotalPrice: MoneySchema,
    totalDiscount: MoneySchema,
    totalFees: MoneySchema,
    totalTax: MoneySchema,
    taxAggregate: z.object({ label: z.string(), rate: z.number(), included: z.boolean() }),
    shippingCost: MoneySchema,
    /**
     * The method shippingCost is for: the cheapest one serving the estimate country, the one the checkout
     * preselects for it. Null while shipping is not known yet (no country, or none of the zones serves it):
     * shippingCost is then 0 and the storefront says shipping is calculated at checkout.
     */
    shippingMethod: z.object({ id: z.string(), zoneId: z.string(), name: z.string() }).nullable(),
    totalPrice: MoneySchema,
    countryCode: z.string().nullable(),
    zipCode: z.string().nullable(),
  })
  .meta({ id: 'Cart' })

export type Cart = z.infer<typeof CartSchema>
export type CartItem = z.infer<typeof CartItemSchema>
export type AddCartItem = z.infer<typeof AddCartItemSchema>
export type CartDiscount = z.infer<typeof CartDiscountSchema>
export type UpdateCart = z.infer<typeof UpdateCartSchema>
export type CreateCart = z.infer<typeof CreateCartSchema>

/** Carts, their items and their coupons (spec §7 "Cart"); every call reads the shopper's token. */
export const cartApi = {
  createCart: endpoint({
    method: 'POST',
    path: '/api/cart/carts',
    tags: ['cart'],
    security: 'bearer',
    body: CreateCartSchema,
    responses: { 201: CreateCartResultSchema, ...errors(400, 401, 403) },
  }),
  cart: endpoint({
    method: 'GET',
    path: '/api/cart/carts/:cartId',
    tags: ['cart'],
    security: 'bearer',
    params: CartParamsSchema,
    query: CartQuerySchema,
    responses: { 200: CartSchema, ...errors(400, 401, 404) },
  }),
  addItem: endpoint({
    method: 'POST',
    path: '/api/cart/carts/:cartId/items',
    tags: ['cart'],
    security: 'bearer',
    params: CartParamsSchema,
    body: AddCartItemSchema,
    responses: { 201: AddCartItemResultSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  updateItem: endpoint({
    method: 'PUT',
    path: '/api/cart/carts/:cartId/items/:itemId',
    tags: ['cart'],
    security: 'bearer',
    params: CartItemParamsSchema,
    query: UpdateCartItemQuerySchema,
    body: UpdateCartItemSchema,
    responses: { 200: CartSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  removeItem: endpoint({
    method: 'DELETE',
    path: '/api/cart/carts/:cartId/items/:itemId',
    tags: ['cart'],
    security: 'bearer',
    params: CartItemParamsSchema,
    responses: { 204: noContent('Item removed'), ...errors(400, 401, 403, 404) },
  }),
  customerCarts: endpoint({
    method: 'GET',
    path: '/api/cart/carts',
    tags: ['cart'],
    security: 'bearer',
    query: CustomerCartsQuerySchema,
    responses: { 200: z.array(CartSchema), ...errors(400, 401, 403) },
  }),
  setDestination: endpoint({
    method: 'PUT',
    path: '/api/cart/carts/:cartId',
    tags: ['cart'],
    security: 'bearer',
    params: CartParamsSchema,
    body: UpdateCartSchema,
    responses: { 200: CartSchema, ...errors(400, 401, 403, 404) },
  }),
  changeSite: endpoint({
    method: 'POST',
    path: '/api/cart/carts/:cartId/changeSite',
    tags: ['cart'],
    security: 'bearer',
    params: CartParamsSchema,
    body: ChangeSiteSchema,
    responses: { 200: CartSchema, ...errors(400, 401, 403, 404) },
  }),
  mergeCarts: endpoint({
    method: 'POST',
    path: '/api/cart/carts/:cartId/merge',
    tags: ['cart'],
    security: 'bearer',
    params: CartParamsSchema,
    body: MergeCartsSchema,
    responses: { 200: CartSchema, ...errors(400, 401, 403, 404) },
  }),
  addDiscount: endpoint({
    method: 'POST',
    path: '/api/cart/carts/:cartId/discounts',
    tags: ['cart'],
    security: 'bearer',
    description:
      'Applies a coupon: 404 unknown coupon, 403 coupon_redemption_forbidden (customers only), 400 coupon_not_valid with the broken rules as details.',
    params: CartParamsSchema,
    body: AddDiscountSchema,
    responses: { 201: AddDiscountResultSchema, ...errors(400, 401, 403, 404) },
  }),
  removeDiscounts: endpoint({
    method: 'DELETE',
    path: '/api/cart/carts/:cartId/discounts',
    tags: ['cart'],
    security: 'bearer',
    params: CartParamsSchema,
    responses: { 204: noContent('Coupons removed'), ...errors(400, 401, 403, 404) },
  }),
  removeDiscount: endpoint({
    method: 'DELETE',
    path: '/api/cart/carts/:cartId/discounts/:discountId',
    tags: ['cart'],
    security: 'bearer',
    params: DiscountParamsSchema,
    responses: { 204: noContent('Coupon removed'), ...errors(400, 401, 403, 404) },
  }),
}
