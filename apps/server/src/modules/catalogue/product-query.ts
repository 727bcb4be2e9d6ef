import { patterns } from '@shop/contracts/common'
import { type AppError, badRequest } from '../../platform/http/errors.ts'

/** The filters of a product list's `q`; every entry narrows the list (AND). */
export interface ProductFilter {
  idLists: string[][]
  categoryIds: string[]
  names: string[]
}

export type ProductSort = { by: 'name'; language: string; desc: boolean } | { by: 'createdAt'; desc: true }

const TERM = /\s*([A-Za-z.]+):(\([^)]*\)|"[^"]*"|[^\s()"]+)\s*/y
const unquote = (value: string) => value.replace(/^"(.*)"$/, '$1')

function invalid(message: string): AppError {
  return badRequest('validation_failed', 'The request is not valid', [
    { field: 'querystring.q', type: 'invalid', message },
  ])
}

function idList(value: string): string[] {
  const inner = value.startsWith('(') ? value.slice(1, -1) : value
  const ids = inner
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((id) => unquote(id))
  if (ids.length === 0 || !ids.every((id) => patterns.id.test(id)))
    throw invalid(`id:${value} is not a list of product ids`)
  return ids
}

/**
 * Parses `published:true id:(a,"b") category:c name:"text"` (space separated terms). Unknown terms
 * and malformed values throw a 400 with a detail naming the term.
 */
export function parseProductQuery(q: string | undefined): ProductFilter {
  const filter: ProductFilter = { idLists: [], categoryIds: [], names: [] }
  const text = q ?? ''
  TERM.lastIndex = 0
  while (TERM.lastIndex < text.length) {
    if (text.slice(TERM.lastIndex).trim() === '') break
    const start = TERM.lastIndex
    const match = TERM.exec(text)
    if (!match) throw invalid(`cannot read the query from "${text.slice(start)}"`)
    const [, key = '', raw = ''] = match
    const value = unquote(raw)
    if (key === 'published') {
      if (value !== 'true') throw invalid('only published:true is supported')
    } else if (key === 'id') filter.idLists.push(idList(raw))
    else if (key === 'category') {
      if (!patterns.id.test(value)) throw invalid(`category:${raw} is not a category id`)
      filter.categoryIds.push(value)
    } else if (key === 'name') filter.names.push(value)
    else throw invalid(`unknown query term ${key}:${raw}`)
  }
  return filter
}

/** `name.<lang>[:asc|:desc]` or `metadata.createdAt:desc`; the default is name ascending in the request language. */
export function parseProductSort(sort: string | undefined, language: string): ProductSort {
  if (sort === 'metadata.createdAt:desc') return { by: 'createdAt', desc: true }
  const match = /^name\.([a-z]{2})(:asc|:desc)?$/.exec(sort ?? '')
  if (match) return { by: 'name', language: match[1] ?? language, desc: match[2] === ':desc' }
  return { by: 'name', language, desc: false }
}
