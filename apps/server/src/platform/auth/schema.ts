import type { Generated, Kysely } from 'kysely'
import type { Db } from '../db/database.ts'

/** Row types of the identity tables (migration 0004-identity). */
// A type alias (not an interface) so it satisfies Kysely's withTables constraint.
export type IdentityTables = {
  customers: CustomersTable
  customer_accounts: { provider_id: string; subject: string; customer_id: string; created_at: string }
  addresses: AddressesTable
  one_time_tokens: OneTimeTokensTable
  rate_limits: { key: string; window_start: string; hits: number; expires_at: string }
  login_failures: {
    key: string
    account: string
    failures: number
    blocked_until: string | null
    expires_at: string
  }
  known_devices: { token_hash: string; customer_id: string; created_at: string; expires_at: string }
}

export interface CustomersTable {
  id: string
  customer_number: string
  email: string
  email_verified: Generated<number>
  password_hash: string | null
  title: Generated<string>
  first_name: Generated<string>
  middle_name: Generated<string>
  last_name: Generated<string>
  preferred_language: string | null
  failed_logins: Generated<number>
  locked_until: string | null
  created_at: string
  updated_at: string
  deleted_at: string | null
  /** Blocked by the staff (migration 0035): no sign-in until unblocked. */
  blocked_at?: string | null
  blocked_by?: string | null
}

export interface AddressesTable {
  id: string
  customer_id: string
  contact_name: string
  company_name: string | null
  street: string
  street_appendix: string | null
  city: string
  state: string | null
  zip_code: string
  country: string
  contact_phone: string | null
  account: string | null
  is_default: Generated<number>
  created_at: string
}

export interface OneTimeTokensTable {
  token_hash: string
  purpose: string
  customer_id: string
  payload: Generated<string>
  created_at: string
  expires_at: string
  used_at: string | null
}

export type IdentityDb = Kysely<import('../db/schema.ts').Database & IdentityTables>

/** The shop's database seen with the identity tables (kept out of the shared schema.ts). */
export const identityDb = (db: Db): IdentityDb => db.withTables<IdentityTables>()
