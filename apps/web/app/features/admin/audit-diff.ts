/**
 * A readable diff of an audit entry's before and after (docs/decisions/0045): both flattened to field paths
 * (`texts[de].name`, `prices[EUR].effectiveMinor`, `slides[1].alt.de`), then only the fields that differ, old → new.
 * Lists of objects keyed by a language, currency or code are indexed by that key, so a reordered list does not
 * read as every field changed.
 */
export interface FieldChange {
  field: string
  before: string | null
  after: string | null
}

const KEYS = ['language', 'currency', 'code'] as const

function keyOf(item: unknown, index: number): string {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    for (const key of KEYS) {
      const value = (item as Record<string, unknown>)[key]
      if (typeof value === 'string') return value
    }
  }
  return String(index)
}

function flatten(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) {
    if (value.length === 0 && path) out.set(path, '[]')
    value.forEach((item, i) => {
      flatten(item, `${path}[${keyOf(item, i)}]`, out)
    })
    return
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length === 0 && path) out.set(path, '{}')
    for (const [key, inner] of entries) flatten(inner, path ? `${path}.${key}` : key, out)
    return
  }
  if (value === undefined) return
  out.set(path || '(value)', typeof value === 'string' ? value : JSON.stringify(value))
}

export function fieldsOf(value: unknown): Map<string, string> {
  const out = new Map<string, string>()
  if (value !== null && value !== undefined) flatten(value, '', out)
  return out
}

/** The fields that differ between before and after, in the order they first appear. */
export function diffEntry(before: unknown, after: unknown): FieldChange[] {
  const old = fieldsOf(before)
  const now = fieldsOf(after)
  const fields = [...new Set([...old.keys(), ...now.keys()])]
  return fields
    .filter((field) => old.get(field) !== now.get(field))
    .map((field) => ({ field, before: old.get(field) ?? null, after: now.get(field) ?? null }))
}
