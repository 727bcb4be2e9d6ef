/** The listing's sort choices (spec §9: A–Z default, Z–A, newest) and the API sort each one sends. */
export const SORTS = ['name', 'name-desc', 'newest'] as const
export type SortKey = (typeof SORTS)[number]

export function parseSort(value: string | null): SortKey {
  return SORTS.find((s) => s === value) ?? 'name'
}

export function apiSort(sort: SortKey, language: string): string {
  if (sort === 'newest') return 'metadata.createdAt:desc'
  return sort === 'name-desc' ? `name.${language}:desc` : `name.${language}`
}

export const SORT_LABEL = {
  name: 'SORT_NAME_ASC',
  'name-desc': 'SORT_NAME_DESC',
  newest: 'SORT_NEWEST',
} as const
