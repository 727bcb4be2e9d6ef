import { Fragment } from 'react'

/**
 * An e-mail address that wraps only before "@" and before a dot, never inside a name or at a hyphen
 * ("example-" / "company.com" reads like a hyphenated word and is copied wrong). Each piece stays whole.
 */
export function EmailText({ email }: { email: string }) {
  const pieces = email.split(/(?=[@.])/)
  return (
    <span className="email-text">
      {pieces.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, in order
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span>{piece}</span>
        </Fragment>
      ))}
    </span>
  )
}
