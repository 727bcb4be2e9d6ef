import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readSettingsForm, settingsErrorsFromApi } from './settings-form.ts'
import { parseRate, rateText, readSiteForm, siteErrorsFromApi, siteFormValues } from './sites-form.ts'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.set(k, v)
  return data
}
const TAXABLE = ['US', 'CA']
const site = {
  name: 'Fluent Goods CA',
  currency: 'CAD',
  'language-en': 'on',
  defaultLanguage: 'en',
  active: 'on',
  payment: 'test-card',
}

test('rates as percentages: dot or comma, two decimals, 0 to 100', () => {
  assert.equal(parseRate('8.25'), 825)
  assert.equal(parseRate('8,25'), 825)
  assert.equal(parseRate(' 13 '), 1300)
  assert.equal(parseRate('0'), 0)
  assert.equal(parseRate('100'), 10000)
  assert.equal(parseRate('8.1'), 810)
  for (const bad of ['100.01', '101', '8.255', '-1', 'x', '', '1e2'])
    assert.equal(parseRate(bad), undefined, bad)
  assert.equal(rateText(825), '8.25')
  assert.equal(rateText(1900), '19')
  assert.equal(rateText(810), '8.1')
})

test('a site form with rates per country: empty rates are left out, the label kept', () => {
  const { input, errors } = readSiteForm(
    form({ ...site, taxType: 'country', taxLabel: ' HST ', 'rate-US': '', 'rate-CA': '13' }),
    TAXABLE,
    false,
  )
  assert.deepEqual(errors, {})
  assert.deepEqual(input.tax, { type: 'country', label: 'HST', rates: { CA: 1300 } })
  assert.deepEqual(input.languages, ['en'])
  assert.equal(input.active, true)
  assert.equal(input.default, false)
})

test('a flat rate, included; the page’s own refusals by field', () => {
  const flat = readSiteForm(
    form({ ...site, taxRate: '19', taxIncluded: 'on', taxLabel: 'VAT' }),
    TAXABLE,
    false,
  )
  assert.deepEqual(flat.input.tax, { type: 'flat', label: 'VAT', rate: 1900, included: true })
  const bad = readSiteForm(
    form({
      code: 'Not OK',
      name: '',
      currency: 'CAD',
      defaultLanguage: 'de',
      default: 'on',
      taxRate: '8.255',
      taxLabel: 'x'.repeat(61),
    }),
    TAXABLE,
    true,
  )
  assert.deepEqual(Object.keys(bad.errors).sort(), [
    'active',
    'code',
    'languages',
    'name',
    'taxLabel',
    'taxRate',
  ])
  const country = readSiteForm(form({ ...site, taxType: 'country', 'rate-CA': '13%' }), TAXABLE, false)
  assert.deepEqual(country.errors, { 'rate-CA': { key: 'RATE_INVALID' } })
  const language = readSiteForm(form({ ...site, defaultLanguage: 'de' }), TAXABLE, false)
  assert.deepEqual(language.errors, { defaultLanguage: { key: 'DEFAULT_LANGUAGE_NOT_OFFERED' } })
})

test('a stored site as form values, and back to the same input', () => {
  const stored = {
    code: 'ca',
    name: 'Canada',
    position: 2,
    active: true,
    default: false,
    currency: 'CAD',
    languages: ['en'],
    defaultLanguage: 'en',
    tax: { type: 'country' as const, label: 'HST', rates: { CA: 1300 } },
    payment: 'test-card',
    currencyLocked: true,
  }
  const values = siteFormValues(stored, { currency: 'USD', payment: 'test-card' })
  const { input, errors } = readSiteForm(form(values), TAXABLE, false)
  assert.deepEqual(errors, {})
  const { code, ...rest } = input
  assert.equal(code, 'ca')
  assert.deepEqual(rest, {
    name: 'Canada',
    currency: 'CAD',
    languages: ['en'],
    defaultLanguage: 'en',
    active: true,
    default: false,
    tax: stored.tax,
    payment: 'test-card',
  })
})

test('the API’s refusals land on their fields', () => {
  const errors = siteErrorsFromApi(
    [
      { field: 'body.code', type: 'site_exists', message: '' },
      { field: 'body.currency', type: 'currency_locked', message: '' },
      { field: 'body.default', type: 'default_site_required', message: '' },
      { field: 'body.tax.label', type: 'invalid', message: '' },
      { field: 'body.tax.rates.DE', type: 'invalid', message: '' },
      { field: 'body.tax.rates.CA', type: 'too_big', message: '' },
      { field: 'body.payment', type: 'invalid', message: '' },
    ],
    TAXABLE,
  )
  assert.deepEqual(errors, {
    code: { key: 'SITE_CODE_TAKEN' },
    currency: { key: 'CURRENCY_LOCKED' },
    default: { key: 'DEFAULT_SITE_REQUIRED' },
    taxLabel: { key: 'TAX_LABEL_TOO_LONG' },
    'rate-DE': { key: 'COUNTRY_NOT_TAXABLE', values: { countries: 'US, CA' } },
    'rate-CA': { key: 'RATE_INVALID' },
    payment: { key: 'VALUE_INVALID' },
  })
})

test('shop settings: empty is not set; the contract’s refusals by field', () => {
  const empty = readSettingsForm(form({ contactPhone: ' ', mailFromName: '', logoUrl: '' }))
  assert.deepEqual(empty, {
    input: { contactPhone: null, mailFromName: null, mailFromAddress: null, logoUrl: null, iconUrl: null },
    errors: {},
  })
  const bad = readSettingsForm(
    form({
      contactPhone: 'call',
      mailFromName: 'A <b>',
      mailFromAddress: 'no',
      iconUrl: 'http://x.example/i.png',
    }),
  )
  assert.deepEqual(Object.keys(bad.errors).sort(), [
    'contactPhone',
    'iconUrl',
    'mailFromAddress',
    'mailFromName',
  ])
  const good = readSettingsForm(form({ contactPhone: '+49 30 123456', mailFromAddress: 'Shop@Example.com' }))
  assert.deepEqual(good.errors, {})
  assert.equal(good.input.mailFromAddress, 'shop@example.com')
  assert.deepEqual(settingsErrorsFromApi([{ field: 'body.logoUrl', type: 'invalid', message: '' }]), {
    logoUrl: { key: 'IMAGE_ADDRESS_INVALID' },
  })
})
