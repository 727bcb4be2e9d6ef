import { useEffect, useId, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { useT } from '../../lib/shop.ts'
import { decisionFrom } from './consent-cookie.ts'
import {
  acceptTracking,
  consentSnapshot,
  declineTracking,
  flush,
  subscribeConsent,
  track,
} from './tracking.client.ts'
import './consent.css'

/**
 * The consent banner and the tracking it allows (docs/decisions/0010). Rendered only in the browser (the
 * decision lives in a cookie the script reads), in the page flow so it never covers the shop. Page views
 * and add-to-cart submissions are tracked only after the shopper accepted.
 */
export function ConsentBanner() {
  const t = useT()
  const cookies = useSyncExternalStore(subscribeConsent, consentSnapshot, () => null)
  const decision = cookies === null ? null : decisionFrom(cookies)
  const accepted = decision?.kind === 'accepted'
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const titleId = useId()
  const textId = useId()
  useTracking(accepted)

  if (decision?.kind !== 'undecided') return null
  const decided = () => document.getElementById('main')?.focus({ preventScroll: true })
  const accept = async () => {
    setBusy(true)
    setFailed(false)
    try {
      await acceptTracking()
      decided()
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  const decline = () => {
    declineTracking()
    decided()
  }
  return (
    <section className="consent-banner" aria-labelledby={titleId} aria-describedby={textId}>
      <div className="consent-banner__inner">
        <h2 id={titleId} className="consent-banner__title">
          {t('CONSENT_TITLE')}
        </h2>
        <p id={textId} className="consent-banner__text">
          {t('CONSENT_TEXT')}
        </p>
        {failed ? (
          <p className="consent-banner__error" role="alert">
            {t('CONSENT_FAILED')}
          </p>
        ) : null}
        <div className="consent-banner__actions">
          <button type="button" className="button button--primary" onClick={accept} disabled={busy}>
            {t('CONSENT_ACCEPT')}
          </button>
          <button type="button" className="button button--secondary" onClick={decline} disabled={busy}>
            {t('CONSENT_DECLINE')}
          </button>
        </div>
      </div>
    </section>
  )
}

let viewedKey: string | null = null

/** While consent lasts: a page view per location, add-to-cart submissions, and resending on `online`. */
function useTracking(accepted: boolean) {
  const location = useLocation()
  const path = `${location.pathname}${location.search}`
  useEffect(() => {
    // One view per history entry: the error screen remounting the layout is not another view.
    if (!accepted || viewedKey === `${location.key}${path}`) return
    viewedKey = `${location.key}${path}`
    track({ type: 'pageView', path })
  }, [accepted, path, location.key])
  useEffect(() => {
    if (!accepted) return
    void flush() // what an earlier page left unsent
    const online = () => void flush()
    document.addEventListener('submit', onSubmit, true)
    window.addEventListener('online', online)
    return () => {
      document.removeEventListener('submit', onSubmit, true)
      window.removeEventListener('online', online)
    }
  }, [accepted])
}

/** The add-to-cart form posts intent=add to /cart; its submission is the add-to-cart event. */
function onSubmit(event: SubmitEvent) {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || new URL(form.action).pathname !== '/cart') return
  const data = new FormData(form)
  const productId = data.get('productId')
  const quantity = Number(data.get('quantity'))
  const variantId = data.get('variantId')
  if (data.get('intent') !== 'add' || typeof productId !== 'string' || !productId) return
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9999) return
  track({
    type: 'addToCart',
    productId,
    quantity,
    ...(typeof variantId === 'string' && variantId ? { variantId } : {}),
  })
}
