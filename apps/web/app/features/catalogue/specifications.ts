/** A mixin value is a plain string or a per-language object ({ en, de }); English is the fallback. */
export function localized(value: unknown, language: string): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  if (value && typeof value === 'object') {
    const texts = value as Record<string, unknown>
    const text = texts[language] ?? texts.en
    return typeof text === 'string' ? text : undefined
  }
  return undefined
}

/** "batteryLife" / "battery_life" → "Battery life": the label when the schema metadata names none. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * The label of a specification attribute from the schema metadata. The metadata may list attributes under
 * `properties` (JSON-schema style, with `title`), under `labels`, or as a flat map; any of them may be localised.
 */
export function specLabel(metadata: unknown, key: string, language: string): string {
  if (metadata && typeof metadata === 'object') {
    const m = metadata as Record<string, unknown>
    const properties = (m.properties ?? m.labels ?? m) as Record<string, unknown>
    const entry = properties?.[key]
    const fromEntry =
      entry && typeof entry === 'object' && 'title' in entry
        ? localized((entry as { title: unknown }).title, language)
        : entry && typeof entry === 'object' && 'label' in entry
          ? localized((entry as { label: unknown }).label, language)
          : localized(entry, language)
    if (fromEntry) return fromEntry
  }
  return humanise(key)
}

/** Rows of the specifications tab: every attribute with a displayable value, in the mixin's order. */
export function specRows(
  specification: unknown,
  metadata: unknown,
  language: string,
): Array<{ key: string; label: string; value: string }> {
  if (!specification || typeof specification !== 'object') return []
  return Object.entries(specification as Record<string, unknown>).flatMap(([key, raw]) => {
    const value = localized(raw, language)
    return value ? [{ key, label: specLabel(metadata, key, language), value }] : []
  })
}
