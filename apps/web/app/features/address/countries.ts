/** Address form templates of the behaviour notes: US state list + ZIP, CA province list + postal code, GB/DE postal code only, default optional state + ZIP. */
export const COUNTRIES = [
  'US',
  'CA',
  'GB',
  'DE',
  'AT',
  'CH',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'DK',
  'SE',
  'NO',
  'PL',
  'IE',
  'AU',
  'JP',
] as const

export const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  )

export const CA_PROVINCES = 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ')

export type Template = 'US' | 'CA' | 'NOSTATE' | 'DEFAULT'

export function templateOf(country: string): Template {
  if (country === 'US' || country === 'CA') return country
  if (country === 'GB' || country === 'DE') return 'NOSTATE'
  return 'DEFAULT'
}

/** One Intl.DisplayNames per language: building one loads locale data (an address form lists ~250 countries). */
const regionNames = new Map<string, Intl.DisplayNames>()

export function countryName(code: string, language: string): string {
  try {
    let names = regionNames.get(language)
    if (!names) {
      names = new Intl.DisplayNames([language], { type: 'region' })
      regionNames.set(language, names)
    }
    return names.of(code) ?? code
  } catch {
    return code
  }
}
