import type { Category } from '@shop/contracts/catalogue'
import { mediaThumbSrc } from '@shop/contracts/media'
import type { SearchHit } from '@shop/contracts/search'
import { useMemo } from 'react'
import { useShop, useT } from '../../lib/shop.ts'
import { Highlighted } from '../../ui/highlighted.tsx'
import { ProductPrice } from '../../ui/price.tsx'

/** What the live search found for a text: up to 5 hits and how many match in all. */
export interface LiveResult {
  hits: SearchHit[]
  nbHits: number
  capped: boolean
}

function names(categories: Category[], into = new Map<string, string>()): Map<string, string> {
  for (const c of categories) {
    into.set(c.id, c.name)
    names(c.subcategories ?? [], into)
  }
  return into
}

/**
 * The listbox of live hits (name with the matched words marked, categories, price) and, last, the "see all"
 * option that opens the result page; the combobox keeps the keyboard (aria-activedescendant).
 */
export function LiveHits({
  id,
  result,
  active,
  hidden,
  optionId,
  onPick,
  onSeeAll,
}: {
  id: string
  result: LiveResult
  active: number
  hidden: boolean
  optionId: (i: number) => string
  onPick: (hit: SearchHit) => void
  onSeeAll: () => void
}) {
  const t = useT()
  const { language, categories } = useShop()
  const categoryNames = useMemo(() => names(categories), [categories])
  const { hits } = result
  return (
    <div id={id} role="listbox" aria-label={t('SEARCH_RESULTS')} className="search-box__list" hidden={hidden}>
      {hits.map((hit, i) => {
        const inCategories = hit.categories.flatMap((c) => categoryNames.get(c) ?? []).slice(0, 2)
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is on the combobox (aria-activedescendant)
          <div
            key={hit.objectID}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            data-hit=""
            className="search-box__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(hit)}
          >
            {hit.image ? (
              <img src={mediaThumbSrc(hit.image)} alt="" width={40} height={40} loading="lazy" />
            ) : null}
            <span className="search-box__text">
              <span className="search-box__name">
                <Highlighted text={hit.name} ranges={hit.highlights.name} />
              </span>
              {inCategories.length > 0 ? (
                <span className="search-box__categories">{inCategories.join(' · ')}</span>
              ) : null}
            </span>
            <span className="search-box__price">
              <ProductPrice
                prices={hit.price ? [hit.price] : undefined}
                range={hit.priceRange}
                style="symbol"
                language={language}
              />
            </span>
          </div>
        )
      })}
      {hits.length > 0 ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is on the combobox (aria-activedescendant)
        <div
          id={optionId(hits.length)}
          role="option"
          tabIndex={-1}
          aria-selected={active === hits.length}
          className="search-box__option search-box__all"
          onMouseDown={(event) => event.preventDefault()}
          onClick={onSeeAll}
        >
          {t('SEARCH_SEE_ALL', { n: result.capped ? `${result.nbHits}+` : result.nbHits })}
        </div>
      ) : null}
    </div>
  )
}
