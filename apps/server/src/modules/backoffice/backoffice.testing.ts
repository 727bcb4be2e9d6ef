import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { signupCustomer } from '../auth/auth.testing.ts'
import { setRole } from '../customer/customer.service.ts'

/** A signed-up customer with a staff role, and their bearer headers. */
export async function staffMember(app: FastifyInstance, db: Db, role: 'owner' | 'catalogue' = 'owner') {
  const member = await signupCustomer(app)
  if (!(await setRole(db, member.email, role))) throw new Error('no such customer')
  return member
}

let sku = 0
/** A product the form would send: en and de texts, USD and EUR prices. */
export const productInput = (over: Record<string, unknown> = {}) => ({
  sku: `SKU-${process.pid}-${++sku}`,
  published: true,
  taxCode: null,
  texts: [
    { language: 'en', name: 'Walnut tray', description: 'A tray of walnut wood' },
    { language: 'de', name: 'Nussbaumtablett', description: 'Ein Tablett aus Nussbaum' },
  ],
  prices: [
    { currency: 'USD', effectiveMinor: 4500, originalMinor: 4500 },
    { currency: 'EUR', effectiveMinor: 4200, originalMinor: 4900 },
  ],
  stock: 12,
  ...over,
})
