import type { CustomerAddress } from '@shop/contracts/address'
import { useMemo, useState } from 'react'
import { useShop } from '../../lib/shop.ts'
import { AddressFields } from '../address/address-fields.tsx'
import { emptyAddress, fromBook } from '../address/address-values.ts'
import { COUNTRIES, countryName } from '../address/countries.ts'

/**
 * The address book's form (add or edit an entry): the shared address form, posted as it is to the account
 * action and checked by the browser (required fields at least two characters).
 */
export function AddressBookFields({ address }: { address?: CustomerAddress }) {
  const { language } = useShop()
  const [value, setValue] = useState(() => (address ? fromBook(address) : emptyAddress('US')))
  const countries = useMemo(
    () => COUNTRIES.map((code) => ({ code, name: countryName(code, language) })),
    [language],
  )
  return <AddressFields value={value} onChange={setValue} countries={countries} minLength={2} />
}
