import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  methodFormValues,
  methodInputOf,
  readMethodForm,
  readZoneForm,
  shippingErrorsFromApi,
  tierCount,
} from './shipping-form.ts'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.set(k, v)
  return data
}

test('a zone form: countries as ISO codes in any case and separator; unknown and twice refused by name', () => {
  assert.deepEqual(readZoneForm(form({ zoneName: ' Nachbarn ', countries: 'at, be;ch  dk' })), {
    input: { name: 'Nachbarn', countries: ['AT', 'BE', 'CH', 'DK'] },
    errors: {},
  })
  assert.deepEqual(readZoneForm(form({ zoneName: 'X', countries: 'DE, UK' })).errors, {
    countries: { key: 'COUNTRY_UNKNOWN', values: { code: 'UK' } },
  })
  assert.deepEqual(readZoneForm(form({ zoneName: 'X', countries: 'DE, AT, de' })).errors, {
    countries: { key: 'COUNTRY_TWICE', values: { code: 'DE' } },
  })
  assert.deepEqual(readZoneForm(form({ zoneName: '', countries: ' ' })).errors, {
    zoneName: { key: 'REQUIRED' },
    countries: { key: 'REQUIRED' },
  })
})

test('a method form: names per language, the fee and its tiers in minor units, blank rows skipped', () => {
  const { input, errors } = readMethodForm(
    form({
      'name-en': 'Standard',
      'name-de': 'Standardversand',
      fee: '6,50',
      'tier-2-min': '100',
      'tier-2-fee': '0',
      active: 'on',
    }),
    ['en', 'de'],
    'EUR',
  )
  assert.deepEqual(errors, {})
  assert.deepEqual(input, {
    names: { en: 'Standard', de: 'Standardversand' },
    fees: [
      { minOrderMinor: 0, feeMinor: 650 },
      { minOrderMinor: 10_000, feeMinor: 0 },
    ],
    active: true,
  })
  const bad = readMethodForm(
    form({
      'name-en': 'X',
      fee: '6.505',
      'tier-2-min': '50',
      'tier-3-min': '40',
      'tier-3-fee': '1',
      'tier-4-fee': '2',
    }),
    ['en', 'de'],
    'EUR',
  )
  assert.deepEqual(bad.errors, {
    'name-de': { key: 'REQUIRED' },
    fee: { key: 'AMOUNT_INVALID' },
    'tier-2-fee': { key: 'TIER_INCOMPLETE' },
    'tier-4-min': { key: 'TIER_INCOMPLETE' },
  })
  const order = readMethodForm(
    form({
      'name-en': 'X',
      fee: '5',
      'tier-2-min': '50',
      'tier-2-fee': '1',
      'tier-3-min': '40',
      'tier-3-fee': '0',
    }),
    ['en'],
    'EUR',
  )
  assert.deepEqual(order.errors, { 'tier-3-min': { key: 'TIER_ORDER' } })
  assert.equal(readMethodForm(form({ 'name-en': 'X', fee: '5' }), ['en'], 'EUR').input.active, false)
})

test('a listed method fills its form and the rows it needs; one change keeps the rest', () => {
  const method = {
    id: 'm',
    zoneId: 'z',
    names: { en: 'Express' },
    currency: 'USD',
    fees: [
      { minOrderMinor: 0, feeMinor: 1999 },
      { minOrderMinor: 20_000, feeMinor: 990 },
    ],
    active: false,
    position: 0,
  }
  const values = methodFormValues(method, ['en', 'de'], 'USD')
  assert.deepEqual(values, {
    active: '',
    'name-en': 'Express',
    'name-de': '',
    fee: '19.99',
    'tier-2-min': '200.00',
    'tier-2-fee': '9.90',
  })
  assert.equal(tierCount(values), 3)
  assert.equal(tierCount(methodFormValues(undefined, ['en'], 'USD')), 2)
  assert.deepEqual(methodInputOf(method, { active: true }), {
    names: method.names,
    fees: method.fees,
    active: true,
  })
})

test('the API’s refusals land on the fields: another zone’s country, a language, a tier', () => {
  assert.deepEqual(
    shippingErrorsFromApi(
      [
        {
          field: 'body.countries.1',
          type: 'country_in_other_zone',
          message: 'SE is in the zone "Nord" (z-1)',
        },
      ],
      { countries: ['NO', 'SE'] },
    ),
    { countries: { key: 'COUNTRY_IN_OTHER_ZONE', values: { code: 'SE', zone: 'Nord' } } },
  )
  assert.deepEqual(
    shippingErrorsFromApi(
      [
        { field: 'body.names.de', type: 'missing_language', message: 'a name is needed' },
        { field: 'body.fees.1.minOrderMinor', type: 'invalid', message: 'must be above' },
        { field: 'body.fees.0.feeMinor', type: 'invalid', message: 'too big' },
      ],
      {},
    ),
    {
      'name-de': { key: 'REQUIRED' },
      'tier-2-min': { key: 'TIER_ORDER' },
      fee: { key: 'AMOUNT_INVALID' },
    },
  )
})
