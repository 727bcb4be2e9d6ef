import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../../lib/shop.ts'
import { Modal } from '../../ui/modal.tsx'
import type { AccountActionResult } from './account-actions.server.ts'

/** A modal whose form posts to the account action; it closes itself when `closeOnSuccess` and the action succeeded. */
export function ActionModal({
  title,
  intent,
  open,
  onClose,
  submitLabel,
  children,
  done,
  danger = false,
}: {
  title: string
  intent: string
  open: boolean
  onClose: () => void
  submitLabel: string
  children: React.ReactNode
  /** What the dialog shows after success; without it the dialog closes. */
  done?: (result: AccountActionResult) => React.ReactNode
  danger?: boolean
}) {
  const t = useT()
  const fetcher = useFetcher<AccountActionResult>()
  // A reopened dialog starts clean: results from an earlier opening are ignored, the form is remounted.
  const stale = useRef<unknown>(undefined)
  const wasOpen = useRef(false)
  const round = useRef(0)
  if (open && !wasOpen.current) {
    stale.current = fetcher.data
    round.current += 1
  }
  wasOpen.current = open
  const result =
    fetcher.data && fetcher.data !== stale.current && fetcher.data.intent === intent
      ? fetcher.data
      : undefined
  const succeeded = Boolean(result?.ok) && fetcher.state === 'idle'
  useEffect(() => {
    if (succeeded && !done && open) onClose()
  }, [succeeded, done, open, onClose])
  const showDone = succeeded && done
  return (
    <Modal open={open} onClose={onClose} title={title} closeLabel={t('CLOSE_DIALOG')}>
      {showDone && result ? (
        <div className="stack">
          <div role="status">{done(result)}</div>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('OK')}
          </button>
        </div>
      ) : (
        <fetcher.Form method="post" action="/account" className="stack" key={round.current}>
          <input type="hidden" name="intent" value={intent} />
          {result && !result.ok ? <ActionError result={result} /> : null}
          {children}
          <div className="actions">
            <button
              type="submit"
              className={`button ${danger ? 'button--danger' : 'button--primary'}`}
              disabled={fetcher.state !== 'idle'}
            >
              {submitLabel}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('CANCEL')}
            </button>
          </div>
        </fetcher.Form>
      )}
    </Modal>
  )
}

export function ActionError({ result }: { result: AccountActionResult }) {
  const t = useT()
  return (
    <div className="alert alert--error" role="alert">
      {result.error ? <p>{t(result.error)}</p> : null}
      {result.messages?.length ? (
        <ul>
          {result.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
