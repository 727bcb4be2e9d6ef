import type { CustomerAddress } from '@shop/contracts/address'

/** One address as typed into the address form (the checkout's billing or shipping, an address-book entry). */
export interface AddressValues {
  contactName: string
  companyName: string
  street: string
  streetAppendix: string
  city: string
  state: string
  zipCode: string
  country: string
  contactPhone: string
}

export const emptyAddress = (country = ''): AddressValues => ({
  contactName: '',
  companyName: '',
  street: '',
  streetAppendix: '',
  city: '',
  state: '',
  zipCode: '',
  country,
  contactPhone: '',
})

/** An address-book entry as form values. */
export const fromBook = (a: CustomerAddress): AddressValues => ({
  ...emptyAddress(a.country),
  contactName: a.contactName,
  companyName: a.companyName ?? '',
  street: a.street,
  streetAppendix: a.streetAppendix ?? '',
  city: a.city,
  state: a.state ?? '',
  zipCode: a.zipCode,
  contactPhone: a.contactPhone ?? '',
})

/** Changing the country swaps the template and blanks every field except the contact name (behaviour notes). */
export const withCountry = (a: AddressValues, country: string): AddressValues => ({
  ...emptyAddress(country),
  contactName: a.contactName,
})
