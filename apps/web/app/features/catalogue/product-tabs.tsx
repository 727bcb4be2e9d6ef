import { useRef, useState } from 'react'
import { useT } from '../../lib/shop.ts'

/** Description (the default tab) and specifications, as an APG tabs widget with arrow-key navigation. */
export function ProductTabs({
  description,
  specs,
}: {
  description: string
  specs: Array<{ key: string; label: string; value: string }>
}) {
  const t = useT()
  const tabs = [
    { id: 'description', label: t('DESCRIPTION') },
    { id: 'specifications', label: t('SPECIFICATIONS') },
  ] as const
  const [active, setActive] = useState<(typeof tabs)[number]['id']>('description')
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  return (
    <div className="tabs">
      <div role="tablist" aria-label={t('PRODUCT_TABS')} className="tabs__list">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[i] = node
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => setActive(tab.id)}
            onKeyDown={(event) => {
              const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key]
              if (to === undefined) return
              event.preventDefault()
              const next = (to + tabs.length) % tabs.length
              setActive(tabs[next]!.id)
              refs.current[next]?.focus()
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="panel-description"
        aria-labelledby="tab-description"
        hidden={active !== 'description'}
        className="tabs__panel"
      >
        <p>{description}</p>
      </div>
      <div
        role="tabpanel"
        id="panel-specifications"
        aria-labelledby="tab-specifications"
        hidden={active !== 'specifications'}
        className="tabs__panel"
      >
        {specs.length ? (
          <dl className="specs">
            {specs.map((row) => (
              <div key={row.key} className="specs__row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>{t('NO_SPECIFICATIONS')}</p>
        )}
      </div>
    </div>
  )
}
