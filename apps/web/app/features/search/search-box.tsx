import type { LIVE_SEARCH_HITS, SearchHit } from '@shop/contracts/search'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'
import { productPath } from '../../lib/slug.ts'
import { LiveHits, type LiveResult } from './live-hits.tsx'
import { searchPath } from './search-path.ts'

/** The contract's LIVE_SEARCH_HITS (typed as its literal): the contract module itself carries zod. */
const LIVE_HITS: typeof LIVE_SEARCH_HITS = 5

/** Spec: live results appear ~150 ms after typing stops. */
const DEBOUNCE_MS = 150

/**
 * Search box with live results: an ARIA 1.2 combobox over a listbox of at most 5 hits. Runs only for
 * non-empty text; an answer applies only if the text still equals the text it was asked for.
 */
export function SearchBox() {
  const t = useT()
  const navigate = useNavigate()
  const listId = useId()
  const [text, setText] = useState('')
  const { result, error, open, setOpen, active, setActive } = useLiveHits(text)
  const { hits } = result
  /** The options: the hits, then "see all" (when there are hits). */
  const options = hits.length > 0 ? hits.length + 1 : 0

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const goTo = (hit: SearchHit) => {
    close()
    void navigate(productPath({ id: hit.objectID, name: hit.name }))
  }
  const submit = () => {
    const query = text.trim()
    if (!query) return
    close()
    void navigate(searchPath(query))
  }
  const expanded = open && text.trim() !== ''
  const optionId = (i: number) => `${listId}-option-${i}`

  return (
    <search className="search-box">
      <form
        action={text.trim() ? searchPath(text.trim()) : '/search'}
        onSubmit={(event) => {
          event.preventDefault()
          const hit = active >= 0 ? hits[active] : undefined
          if (hit) goTo(hit)
          else submit()
        }}
      >
        <input
          type="search"
          className="search-box__input"
          role="combobox"
          aria-label={t('SEARCH_LABEL')}
          aria-autocomplete="list"
          aria-expanded={expanded && !error}
          aria-controls={listId}
          aria-activedescendant={expanded && !error && active >= 0 ? optionId(active) : undefined}
          placeholder={t('SEARCH_PLACEHOLDER')}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => {
            if ((hits.length || error) && text.trim()) setOpen(true)
          }}
          onBlur={() => setTimeout(close, 150)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              if (!expanded && options) setOpen(true)
              setActive((i) => (options ? (i + 1) % options : -1))
            } else if (event.key === 'ArrowUp') {
              event.preventDefault()
              setActive((i) => (options ? (i <= 0 ? options - 1 : i - 1) : -1))
            } else if (event.key === 'Escape') {
              if (expanded) {
                event.preventDefault()
                close()
              } else setText('')
            }
          }}
        />
        <LiveHits
          id={listId}
          result={result}
          active={active}
          hidden={!expanded || error}
          optionId={optionId}
          onPick={goTo}
          onSeeAll={submit}
        />
        {expanded && error ? (
          <p className="search-box__empty search-box__error" role="alert">
            {t('SEARCH_ERROR')}
          </p>
        ) : expanded && hits.length === 0 ? (
          <p className="search-box__empty" role="status">
            {t('SEARCH_NO_RESULTS', { q: text.trim() })}
          </p>
        ) : null}
        <button type="submit" className="search-box__submit">
          <span aria-hidden="true">⌕</span>
          <span className="visually-hidden">{t('SEARCH_SUBMIT')}</span>
        </button>
      </form>
    </search>
  )
}

const NONE: LiveResult = { hits: [], nbHits: 0, capped: false }

/** The live hits of the typed text: asked 150 ms after typing stops, stale answers dropped. */
function useLiveHits(text: string) {
  const { language, site } = useShop()
  const [result, setResult] = useState<LiveResult>(NONE)
  const [error, setError] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const current = useRef('')
  // Loaded when the shopper first types (docs/decisions/0071); the same promise for every query after.
  const api = useMemo(
    () =>
      typeof window === 'undefined'
        ? undefined
        : lazily(async () => {
            const [{ browserTransport }, { searchCalls }] = await Promise.all([
              import('../../lib/api/browser.ts'),
              import('../../lib/api/search.ts'),
            ])
            return searchCalls(browserTransport({ language, siteCode: site.code }))
          }),
    [language, site.code],
  )

  useEffect(() => {
    const query = text.trim()
    current.current = query
    if (!query || !api) {
      setResult(NONE)
      setError(false)
      setOpen(false)
      return
    }
    const timer = setTimeout(() => {
      api()
        .then((calls) => calls.searchProducts({ q: query, hitsPerPage: LIVE_HITS, page: 0, language }))
        .then((answer) => {
          if (current.current !== query) return // stale: the text changed meanwhile
          setResult({ hits: answer.hits, nbHits: answer.nbHits, capped: answer.nbHitsExhaustive === false })
          setError(false)
          setActive(-1)
          setOpen(true)
        })
        .catch(() => {
          if (current.current !== query) return
          // Spec §8: a search failure sets the error flag; the box says so instead of closing.
          setResult(NONE)
          setError(true)
          setActive(-1)
          setOpen(true)
        })
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, api, language])
  return { result, error, open, setOpen, active, setActive }
}

/** A promise made on the first call and kept. */
function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined
  return () => {
    promise ??= make()
    return promise
  }
}
