import type { Currency, SiteCode } from './types.ts'

export interface DemoCoupon {
  code: string
  name: string
  discountType: 'ABSOLUTE' | 'PERCENT'
  amountMinor?: number
  currency?: Currency
  percentage?: number
  validFrom?: string
  validUntil?: string
  minOrderMinor?: number
  maxRedemptions?: number
  redemptions?: number
  customersOnly?: boolean
}

export const coupons: DemoCoupon[] = [
  {
    code: 'SAVE10',
    name: '10.00 off your order',
    discountType: 'ABSOLUTE',
    amountMinor: 1000,
    currency: 'USD',
  },
  { code: 'SPAR5', name: '5,00 € Rabatt', discountType: 'ABSOLUTE', amountMinor: 500, currency: 'EUR' },
  { code: 'WELCOME15', name: '15 % welcome discount', discountType: 'PERCENT', percentage: 15 },
  {
    code: 'SUMMER2024',
    name: 'Summer sale 2024 (expired)',
    discountType: 'PERCENT',
    percentage: 20,
    validFrom: '2024-06-01T00:00:00.000Z',
    validUntil: '2024-09-30T23:59:59.000Z',
  },
  {
    code: 'BIG25',
    name: '25.00 off orders of 150.00 or more',
    discountType: 'ABSOLUTE',
    amountMinor: 2500,
    currency: 'USD',
    minOrderMinor: 15000,
  },
  {
    code: 'MEMBERS20',
    name: '20 % for signed-in customers',
    discountType: 'PERCENT',
    percentage: 20,
    customersOnly: true,
  },
  {
    code: 'FIRST100',
    name: '10 % for the first 100 orders (used up)',
    discountType: 'PERCENT',
    percentage: 10,
    maxRedemptions: 100,
    redemptions: 100,
  },
]

export interface DemoShippingMethod {
  key: string
  name: string
  /** Ascending tiers; the fee of the highest tier whose minimum the order reaches applies. */
  fees: { minOrderMinor: number; feeMinor: number }[]
}

export interface DemoShippingZone {
  id: string
  site: SiteCode
  name: string
  shipTo: string[]
  currency: Currency
  methods: DemoShippingMethod[]
}

const EU = ['DE', 'AT', 'FR', 'NL', 'BE', 'LU', 'IT', 'ES', 'PT', 'DK', 'PL', 'CZ', 'IE', 'FI', 'SE']

export const shippingZones: DemoShippingZone[] = [
  {
    id: 'z-us-north-america',
    site: 'us',
    name: 'United States & Canada',
    shipTo: ['US', 'CA'],
    currency: 'USD',
    methods: [
      {
        key: 'standard',
        name: 'Standard (3–5 business days)',
        fees: [
          { minOrderMinor: 0, feeMinor: 599 },
          { minOrderMinor: 7500, feeMinor: 0 },
        ],
      },
      { key: 'express', name: 'Express (1–2 business days)', fees: [{ minOrderMinor: 0, feeMinor: 1999 }] },
    ],
  },
  {
    id: 'z-de-eu',
    site: 'de',
    name: 'Europäische Union',
    shipTo: EU,
    currency: 'EUR',
    methods: [
      {
        key: 'standard',
        name: 'Standardversand (2–4 Werktage)',
        fees: [
          { minOrderMinor: 0, feeMinor: 495 },
          { minOrderMinor: 5000, feeMinor: 0 },
        ],
      },
      {
        key: 'express',
        name: 'Expressversand (1 Werktag)',
        fees: [
          { minOrderMinor: 0, feeMinor: 1490 },
          { minOrderMinor: 20000, feeMinor: 990 },
        ],
      },
    ],
  },
  {
    id: 'z-de-europe-other',
    site: 'de',
    name: 'Schweiz, Großbritannien & Norwegen',
    shipTo: ['CH', 'GB', 'NO'],
    currency: 'EUR',
    methods: [
      {
        key: 'standard',
        name: 'Standardversand international',
        fees: [
          { minOrderMinor: 0, feeMinor: 1490 },
          { minOrderMinor: 15000, feeMinor: 0 },
        ],
      },
      { key: 'express', name: 'Expressversand international', fees: [{ minOrderMinor: 0, feeMinor: 2990 }] },
    ],
  },
  {
    id: 'z-ca-north-america',
    site: 'ca',
    name: 'Canada & United States',
    shipTo: ['CA', 'US'],
    currency: 'CAD',
    methods: [
      {
        key: 'standard',
        name: 'Standard (4–7 business days)',
        fees: [
          { minOrderMinor: 0, feeMinor: 899 },
          { minOrderMinor: 10000, feeMinor: 0 },
        ],
      },
      { key: 'express', name: 'Express (2 business days)', fees: [{ minOrderMinor: 0, feeMinor: 2499 }] },
    ],
  },
]

export interface DemoItemFee {
  key: string
  feeType: 'ABSOLUTE' | 'ABSOLUTE_MULTIPLY_ITEMQUANTITY'
  name: Record<SiteCode, string>
  amountMinor: Record<SiteCode, number>
  products: string[]
}

/** Fees per site in the site currency: gift wrap once per line, recycling per unit. */
export const itemFees: DemoItemFee[] = [
  {
    key: 'gift-wrap',
    feeType: 'ABSOLUTE',
    name: { us: 'Gift wrap', de: 'Geschenkverpackung', ca: 'Gift wrap' },
    amountMinor: { us: 250, de: 250, ca: 300 },
    products: ['classic-watch', 'solitaire-ring', 'soy-candle', 'teddy-bear'],
  },
  {
    key: 'battery-recycling',
    feeType: 'ABSOLUTE_MULTIPLY_ITEMQUANTITY',
    name: { us: 'Battery recycling fee', de: 'Batterie-Recyclinggebühr', ca: 'Battery recycling fee' },
    amountMinor: { us: 50, de: 50, ca: 75 },
    products: ['wireless-headphones', 'power-bank', 'led-torch', 'wireless-mouse', 'instant-camera'],
  },
]
