import { z } from 'zod'
import { CountrySchema, CurrencySchema, IdSchema, MoneySchema } from './common.ts'
import { CouponCodeSchema } from './coupon.ts'

export const CreateCartSchema = z.object({
  customerId: z.string().optional(),
  currency: CurrencySchema.optional(),
  siteCode: IdSchema,
  channel: z.object({ name: z.string().max(40), source: z.string().max(200).optional() }).optional(),
  sessionValidated: z.boolean().optional(),
})

export const CreateCartResultSchema = z.object({ cartId: z.string() })

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
