import { catalogueApi } from '@shop/contracts/catalogue'
import { pathOf } from '@shop/contracts/endpoint'
import { notFound } from '../../platform/http/errors.ts'

/** URL of a mixin's schema; products reference it from metadata.mixins. */
export const mixinSchemaUrl = (name: string) => pathOf(catalogueApi.mixinSchema, { name })

type Labels = { en: string; de: string }

/** The specification mixin: every attribute a product may carry, a text or a per-language text. */
const SPECIFICATION: Record<string, Labels> = {
  material: { en: 'Material', de: 'Material' },
  weight: { en: 'Weight', de: 'Gewicht' },
  fit: { en: 'Fit', de: 'Passform' },
  capacity: { en: 'Capacity', de: 'Fassungsvermögen' },
  diameter: { en: 'Diameter', de: 'Durchmesser' },
  movement: { en: 'Movement', de: 'Uhrwerk' },
  water: { en: 'Water resistance', de: 'Wasserdichtigkeit' },
  waterproof: { en: 'Waterproof', de: 'Wasserdicht' },
  battery: { en: 'Battery', de: 'Akku' },
  bluetooth: { en: 'Bluetooth', de: 'Bluetooth' },
  display: { en: 'Display', de: 'Display' },
  memory: { en: 'Memory', de: 'Arbeitsspeicher' },
  storage: { en: 'Storage', de: 'Speicher' },
  frame: { en: 'Frame', de: 'Rahmen' },
  gears: { en: 'Gears', de: 'Gänge' },
  drop: { en: 'Heel-to-toe drop', de: 'Sprengung' },
  persons: { en: 'Persons', de: 'Personen' },
}

const SCHEMAS: Record<string, { title: Labels; attributes: Record<string, Labels> }> = {
  specification: { title: { en: 'Specifications', de: 'Technische Daten' }, attributes: SPECIFICATION },
}

const localizedText = {
  oneOf: [
    { type: 'string' },
    { type: 'object', additionalProperties: { type: 'string' }, description: 'text per language code' },
  ],
}

/** The JSON Schema of a product mixin. */
export function mixinSchema(name: string): Record<string, unknown> {
  const schema = SCHEMAS[name]
  if (!schema) throw notFound('Schema', name)
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: mixinSchemaUrl(name),
    title: schema.title.en,
    type: 'object',
    additionalProperties: localizedText,
    properties: Object.fromEntries(Object.keys(schema.attributes).map((key) => [key, localizedText])),
  }
}

/** What the storefront shows of a mixin: its title and each attribute's label, in the language (else en). */
export function mixinMetadata(name: string, language: string) {
  const schema = SCHEMAS[name]
  if (!schema) throw notFound('Schema', name)
  const pick = (labels: Labels) => (language === 'de' ? labels.de : labels.en)
  return {
    schema: mixinSchemaUrl(name),
    language: language === 'de' ? 'de' : 'en',
    title: pick(schema.title),
    properties: Object.fromEntries(
      Object.entries(schema.attributes).map(([key, labels]) => [key, { title: pick(labels) }]),
    ),
  }
}

/** The schema URLs of the known mixins a product's mixins carry. */
export function mixinReferences(mixins: Record<string, unknown>): Record<string, string> | undefined {
  const names = Object.keys(mixins).filter((name) => name in SCHEMAS)
  return names.length ? Object.fromEntries(names.map((n) => [n, mixinSchemaUrl(n)])) : undefined
}
