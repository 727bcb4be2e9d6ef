import { LIVE_SEARCH_HITS, type SearchHit } from '@shop/contracts/search'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { browserTransport } from '../../lib/api/browser.ts'
import { searchCalls } from '../../lib/api/search.ts'
import { formatMoney } from '../../lib/format.ts'
import { useShop, useT } from '../../lib/shop.ts'
import { productPath } from '../../lib/slug.ts'
import { searchPath } from './search-path.ts'
import './search.css'

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
  const { hits, open, setOpen, active, setActive } = useLiveHits(text)

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
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder={t('SEARCH_PLACEHOLDER')}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => {
            if (hits.length && text.trim()) setOpen(true)
          }}
          onBlur={() => setTimeout(close, 150)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              if (!expanded && hits.length) setOpen(true)
              setActive((i) => (hits.length ? (i + 1) % hits.length : -1))
            } else if (event.key === 'ArrowUp') {
              event.preventDefault()
              setActive((i) => (hits.length ? (i <= 0 ? hits.length - 1 : i - 1) : -1))
            } else if (event.key === 'Escape') {
              if (expanded) {
                event.preventDefault()
                close()
              } else setText('')
            }
          }}
        />
        <HitList
          id={listId}
          hits={hits}
          active={active}
          hidden={!expanded}
          optionId={optionId}
          onPick={goTo}
        />
        {expanded && hits.length === 0 ? (
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

/** The live hits of the typed text: asked 150 ms after typing stops, stale answers dropped. */
function useLiveHits(text: string) {
  const { language, site } = useShop()
  const [hits, setHits] = useState<SearchHit[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const current = useRef('')
  const api = useMemo(
    () =>
      typeof window === 'undefined'
        ? undefined
        : searchCalls(browserTransport({ language, siteCode: site.code })),
    [language, site.code],
  )

  useEffect(() => {
    const query = text.trim()
    current.current = query
    if (!query || !api) {
      setHits([])
      setOpen(false)
      return
    }
    const timer = setTimeout(() => {
      api
        .searchProducts({ q: query, hitsPerPage: LIVE_SEARCH_HITS, page: 0, language })
        .then((result) => {
          if (current.current !== query) return // stale: the text changed meanwhile
          setHits(result.hits)
          setActive(-1)
          setOpen(true)
        })
        .catch(() => {
          if (current.current !== query) return
          setHits([])
          setOpen(false)
        })
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, api, language])
  return { hits, open, setOpen, active, setActive }
}

/** The listbox of live hits; the combobox keeps the keyboard (aria-activedescendant). */
function HitList({
  id,
  hits,
  active,
  hidden,
  optionId,
  onPick,
}: {
  id: string
  hits: SearchHit[]
  active: number
  hidden: boolean
  optionId: (i: number) => string
  onPick: (hit: SearchHit) => void
}) {
  const t = useT()
  const { language } = useShop()
  return (
    <div id={id} role="listbox" aria-label={t('SEARCH_RESULTS')} className="search-box__list" hidden={hidden}>
      {hits.map((hit, i) => {
        const price = hit.priceRange?.minPrice ?? hit.price
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is on the combobox (aria-activedescendant)
          <div
            key={hit.objectID}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className="search-box__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(hit)}
          >
            {hit.image ? <img src={hit.image} alt="" width={40} height={40} loading="lazy" /> : null}
            <span className="search-box__name">{hit.name}</span>
            {price ? (
              <span className="search-box__price">
                {formatMoney(price.effectiveAmount, price.currency, language)}
              </span>
            ) : null}
          </div>
        )
      })}
    </div>
  )
}
