import { fold } from './text.ts'

/** What a hit's text is highlighted by: the terms matched and the prefix the last word was typed as. */
export interface Highlighter {
  terms: Set<string>
  prefix?: string
}

/** The [start, end) ranges of the words of `text` that the search matched (UTF-16 offsets, for the client). */
export function highlightRanges(text: string, by: Highlighter): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = fold(m[0])
    if (by.terms.has(term) || (by.prefix && term.startsWith(by.prefix)))
      ranges.push([m.index, m.index + m[0].length])
  }
  return ranges
}
