import { randomUUID } from 'node:crypto'
import { type CustomerAddress, type CustomerAddressInput, MAX_ADDRESSES } from '@shop/contracts/address'
import type { AppContext } from '../../platform/http/context.ts'
import { conflict, notFound } from '../../platform/http/errors.ts'
import * as repo from './address.repository.ts'
import { requireCustomer } from './customer.service.ts'

type Row = NonNullable<Awaited<ReturnType<typeof repo.find>>>

const opt = (value: string | null) => (value ? value : undefined)

function toAddress(row: Row): CustomerAddress {
  return {
    id: row.id,
    contactName: row.contact_name,
    companyName: opt(row.company_name),
    street: row.street,
    streetAppendix: opt(row.street_appendix),
    city: row.city,
    state: opt(row.state),
    zipCode: row.zip_code,
    country: row.country,
    contactPhone: opt(row.contact_phone),
    account: opt(row.account),
    isDefault: row.is_default === 1,
  }
}

const columns = (a: CustomerAddressInput) => ({
  contact_name: a.contactName,
  company_name: a.companyName || null,
  street: a.street,
  street_appendix: a.streetAppendix || null,
  city: a.city,
  state: a.state || null,
  zip_code: a.zipCode,
  country: a.country,
  contact_phone: a.contactPhone || null,
  account: a.account || null,
})

export async function listAddresses(
  ctx: AppContext,
  customerId: string,
  page: { pageNumber: number; pageSize: number },
): Promise<{ items: CustomerAddress[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.list(ctx.db, customerId, (page.pageNumber - 1) * page.pageSize, page.pageSize),
    repo.count(ctx.db, customerId),
  ])
  return { items: rows.map(toAddress), total }
}

export async function getAddress(ctx: AppContext, customerId: string, id: string): Promise<CustomerAddress> {
  const row = await repo.find(ctx.db, customerId, id)
  if (!row) throw notFound('Address', id)
  return toAddress(row)
}

/** The first address is the default; `isDefault: true` moves the default here (one transaction). */
export async function createAddress(
  ctx: AppContext,
  customerId: string,
  input: CustomerAddressInput,
): Promise<CustomerAddress> {
  await requireCustomer(ctx.db, customerId)
  const id = randomUUID()
  await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.count(trx, customerId)) >= MAX_ADDRESSES) {
      throw conflict('address_book_full', `An address book holds at most ${MAX_ADDRESSES} addresses`)
    }
    if (input.isDefault) await repo.clearDefault(trx, customerId)
    await repo.insert(trx, {
      id,
      customer_id: customerId,
      ...columns(input),
      is_default: input.isDefault ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    await repo.ensureDefault(trx, customerId)
  })
  return getAddress(ctx, customerId, id)
}

/** Replaces the fields; `isDefault: true` makes it the default, `false` on the default is ignored (one must stay). */
export async function updateAddress(
  ctx: AppContext,
  customerId: string,
  id: string,
  input: CustomerAddressInput,
): Promise<CustomerAddress> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.find(trx, customerId, id))) throw notFound('Address', id)
    if (input.isDefault) await repo.clearDefault(trx, customerId)
    await repo.update(trx, customerId, id, {
      ...columns(input),
      ...(input.isDefault ? { is_default: 1 } : {}),
    })
    await repo.ensureDefault(trx, customerId)
  })
  return getAddress(ctx, customerId, id)
}

/** Deleting the default promotes the oldest remaining address. */
export async function deleteAddress(ctx: AppContext, customerId: string, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.remove(trx, customerId, id)) !== 1) throw notFound('Address', id)
    await repo.ensureDefault(trx, customerId)
  })
}
