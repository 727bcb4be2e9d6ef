import { useId } from 'react'
import type { MessageKey } from '../../i18n/index.ts'
import { useT } from '../../lib/shop.ts'
import { humanise } from './specifications.ts'
import { isValueDisabled, type Selection, type Selector } from './variant-selection.ts'

const OPTION_LABELS: Record<string, MessageKey> = {
  colour: 'OPTION_COLOUR',
  color: 'OPTION_COLOUR',
  size: 'OPTION_SIZE',
  material: 'OPTION_MATERIAL',
  length: 'OPTION_LENGTH',
  width: 'OPTION_WIDTH',
  capacity: 'OPTION_CAPACITY',
  style: 'OPTION_STYLE',
}

/** One select per option; values that fit no variant left by the other choices are disabled (spec §4). */
export function VariantOptions({
  selectors,
  selection,
  onChange,
  complete,
}: {
  selectors: Selector[]
  selection: Selection
  onChange: (next: Selection) => void
  complete: boolean
}) {
  const t = useT()
  const baseId = useId()
  return (
    <div className="product__options">
      {selectors.map((selector) => {
        const known = OPTION_LABELS[selector.optionKey.toLowerCase()]
        const label = known ? t(known) : humanise(selector.optionKey)
        return (
          <div key={selector.key} className="field">
            <label className="field__label" htmlFor={`${baseId}-${selector.key}`}>
              {label}
            </label>
            <select
              id={`${baseId}-${selector.key}`}
              value={selection[selector.key] ?? ''}
              onChange={(event) => onChange({ ...selection, [selector.key]: event.target.value })}
            >
              <option value="">{t('CHOOSE')}</option>
              {selector.values.map((v) => (
                <option
                  key={v.value}
                  value={v.value}
                  disabled={isValueDisabled(selectors, selection, selector, v.value)}
                >
                  {v.value}
                </option>
              ))}
            </select>
          </div>
        )
      })}
      {!complete ? <p className="hint">{t('CHOOSE_OPTIONS_FIRST')}</p> : null}
    </div>
  )
}
