import { countryName } from './countries.ts'

/** An address as the lines of a label: name, company, street, appendix, city with state and zip, country. */
export function formatAddressLines(
  a: {
    contactName: string
    companyName?: string
    street: string
    streetAppendix?: string
    city: string
    state?: string
    zipCode: string
    country: string
  },
  language: string,
): string[] {
  return [
    a.contactName,
    a.companyName ?? '',
    a.street,
    a.streetAppendix ?? '',
    `${a.city}${a.state ? `, ${a.state}` : ''} ${a.zipCode}`,
    countryName(a.country, language),
  ].filter(Boolean)
}
