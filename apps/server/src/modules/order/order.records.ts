/** What the shop keeps of an order besides its lines; stored as JSON columns. */
export interface ShippingRecord {
  methodId: string
  zoneId: string
  name: string
  costMinor: number
  currency: string
  /** The tax terms the order was priced with (the orders table has no column of its own for them yet). */
  tax: { label: string; rateBasisPoints: number; included: boolean }
}

/** A coupon applied to the order (JSON column `discounts`): its name at checkout and what it took off. */
export interface OrderDiscount {
  code: string
  name: string
  amountMinor: number
}

export interface PaymentRecord {
  method: string
  brand: string
  last4: string
  chargeId: string
  amountMinor: number
  status: string
}
