import { useState } from 'react'
import { useShop, useT } from '../../lib/shop.ts'

const CUT = 60 // spec §5: over 60 characters is cut to 59

/** The site's tax label (e.g. "VAT included"); a long one is cut to 59 characters plus an ellipsis and a toggle. */
export function TaxLabel() {
  const { site } = useShop()
  const t = useT()
  const [expanded, setExpanded] = useState(false)
  const label = site.taxLabel
  if (!label) return null
  const long = label.length > CUT
  return (
    <p className="tax-label">
      <span>{long && !expanded ? `${label.slice(0, CUT - 1)}…` : label}</span>
      {long ? (
        <>
          {' '}
          <button
            type="button"
            className="button--link"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? t('SEE_LESS') : t('SEE_MORE')}
          </button>
        </>
      ) : null}
    </p>
  )
}
