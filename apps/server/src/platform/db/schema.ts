import type { Generated, Insertable, Selectable } from 'kysely'

/** Row types of every table; see migrations/ for the parity rules. Flags are 0/1, JSON is text. */
export interface Database {
  sites: SitesTable
  categories: CategoriesTable
  category_texts: { category_id: string; language: string; name: string }
  products: ProductsTable
  product_texts: { product_id: string; language: string; name: string; description: Generated<string> }
  /** Name sort keys, maintained by triggers on product_texts (migration 0011); never written by code. */
  product_sort_names: { product_id: string; language: string; sort_name: string }
  product_sort_languages: { language: string }
  variants: VariantsTable
  variant_texts: { variant_id: string; language: string; name: string }
  category_assignments: { category_id: string; product_id: string; position: Generated<number> }
  prices: PricesTable
  item_fees: ItemFeesTable
  coupons: CouponsTable
  shipping_zones: {
    id: string
    site_code: string
    name: string
    ship_to: string
    position: Generated<number>
  }
  shipping_methods: ShippingMethodsTable
  access_tokens: AccessTokensTable
  carts: CartsTable
  cart_items: CartItemsTable
  card_tokens: CardTokensTable
  orders: OrdersTable
  order_entries: OrderEntriesTable
}

export interface SitesTable {
  code: string
  name: string
  position: Generated<number>
  is_default: Generated<number>
  active: Generated<number>
  default_language: string
  languages: string
  currency: string
  tax: string
  payment: string
  mixins: string
}

export interface CategoriesTable {
  id: string
  parent_id: string | null
  position: Generated<number>
  published: Generated<number>
  media: Generated<string>
}

export interface ProductsTable {
  id: string
  code: string
  published: Generated<number>
  has_variants: Generated<number>
  stock: Generated<number>
  tax_code: string | null
  media: Generated<string>
  mixins: Generated<string>
  created_at: string
  /** Migration 0023: option keys and values (JSON), tax code per site (JSON), measurement unit. */
  options: Generated<string>
  tax_codes: Generated<string>
  unit_code: Generated<string | null>
  unit_quantity: Generated<number | null>
}

export interface VariantsTable {
  id: string
  product_id: string
  code: string
  position: Generated<number>
  is_default: Generated<number>
  options: string
  stock: Generated<number>
  media: Generated<string>
  mixins: Generated<string>
}

export interface PricesTable {
  id: string
  product_id: string
  variant_id: string | null
  currency: string
  effective_minor: number
  original_minor: number
  unit_code: string | null
  unit_quantity: number | null
  valid_from: string | null
  valid_until: string | null
}

export interface ItemFeesTable {
  id: string
  product_id: string
  site_code: string
  name: string
  fee_type: string
  amount_minor: number
  currency: string
}

export interface CouponsTable {
  code: string
  name: string
  discount_type: string
  amount_minor: number | null
  currency: string | null
  percentage: number | null
  valid_from: string | null
  valid_until: string | null
  min_order_minor: number | null
  max_redemptions: number | null
  redemptions: Generated<number>
  customers_only: Generated<number>
  /** JSON `{ currency: minor }`: an ABSOLUTE coupon's amount per currency; null on older rows (migration 0030). */
  amounts?: string | null
  /** JSON `{ currency: minor }`: the minimum goods total per currency (migration 0030). */
  min_orders?: string | null
  /** Redemptions one customer may make (migration 0030). */
  per_customer?: number | null
}

export interface ShippingMethodsTable {
  id: string
  zone_id: string
  name: string
  active: Generated<number>
  currency: string
  /** JSON: [{ minOrderMinor, feeMinor }] ascending by minOrderMinor; the last tier has no upper limit. */
  fees: string
  position: Generated<number>
  /** JSON: the name per language of the zone's site (migration 0028); `name` is the default language's. */
  names: Generated<string>
}

export interface AccessTokensTable {
  token_hash: string
  session_id: string
  customer_id: string | null
  created_at: string
  expires_at: string
}

export interface CartsTable {
  id: string
  site_code: string
  currency: string
  channel: string
  session_id: string | null
  customer_id: string | null
  country_code: string | null
  zip_code: string | null
  status: Generated<string>
  version: Generated<number>
  created_at: string
  updated_at: string
}

export interface CartItemsTable {
  id: string
  cart_id: string
  item_yrn: string
  product_id: string
  variant_id: string | null
  quantity: number
  note: string | null
  created_at: string
}

export interface CardTokensTable {
  id: string
  brand: string
  last4: string
  exp_month: number
  exp_year: number
  outcome: string
  used_at: string | null
  /** The idempotency key, amount and currency of the charge that used the token (migration 0012). */
  charge_key: string | null
  charge_amount_minor: number | null
  charge_currency: string | null
  created_at: string
}

export interface OrdersTable {
  id: string
  status: string
  site_code: string
  cart_id: string
  customer_id: string | null
  session_id: string | null
  email: string
  currency: string
  subtotal_minor: number
  discount_minor: number
  fees_minor: number
  tax_minor: number
  shipping_minor: number
  total_minor: number
  customer: string
  addresses: string
  shipping: string
  payment: string
  /** JSON: the applied coupons, `[{ code, name, amountMinor }]` (migration 0012). */
  discounts: string
  created_at: string
  /** The sum of the order's refunds (migration 0029). */
  refunded_minor?: number
  /** The language the order's confirmation was written in (migration 0029). */
  language?: string | null
}

export interface OrderEntriesTable {
  order_id: string
  line: number
  item_yrn: string
  product_id: string
  variant_id: string | null
  name: string
  quantity: number
  unit_price_minor: number
  total_minor: number
}

export type SiteRow = Selectable<SitesTable>
export type ProductRow = Selectable<ProductsTable>
export type NewProduct = Insertable<ProductsTable>
