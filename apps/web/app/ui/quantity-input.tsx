import type { ChangeEvent, InputHTMLAttributes } from 'react'

/** Quantity field that accepts digits only (spec §5); an empty value is allowed and means "none". */
export function QuantityInput({
  value,
  onValueChange,
  ...rest
}: { value: string; onValueChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
>) {
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      maxLength={3}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onValueChange(event.target.value.replace(/\D/g, ''))
      }
    />
  )
}
