import { type RefObject, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { useT } from '../../lib/shop.ts'
import { type ConsentDecision, decisionFrom } from './consent-cookie.ts'
import { consentSnapshot, subscribeConsent } from './consent-store.client.ts'

/** Tracking loads when the shopper chooses, or on a page after they accepted (docs/decisions/0071). */
const tracking = () => import('./tracking.client.ts')

/**
 * The consent banner and the tracking it allows (docs/decisions/0023, 0010). Rendered on the server when the
 * shopper has not decided yet (the root loader reads the cookie), as a bar fixed to the bottom of the
 * window, so it never moves the page. Its buttons post a plain form to /consent, which works before the
 * script has loaded; once it has, the script takes the choice itself. Page views and add-to-cart
 * submissions are tracked only after the shopper accepted.
 */
export function ConsentBanner({ serverDecision }: { serverDecision: ConsentDecision['kind'] }) {
  const t = useT()
  const location = useLocation()
  const cookies = useSyncExternalStore(subscribeConsent, consentSnapshot, () => null)
  const decision = cookies === null ? serverDecision : decisionFrom(cookies).kind
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const titleId = useId()
  const textId = useId()
  const banner = useRef<HTMLElement>(null)
  useTracking(decision === 'accepted')
  useReservedRoom(banner, decision === 'undecided')

  if (decision !== 'undecided') return null
  const decided = () => document.getElementById('main')?.focus({ preventScroll: true })
  const accept = async () => {
    setBusy(true)
    setFailed(false)
    try {
      await (await tracking()).acceptTracking()
      decided()
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  const choose = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (submitter?.getAttribute('value') === 'accept') return void accept()
    void tracking().then((module) => {
      module.declineTracking()
      decided()
    })
  }
  return (
    <section ref={banner} className="consent-banner" aria-labelledby={titleId} aria-describedby={textId}>
      <form className="consent-banner__inner" method="post" action="/consent" onSubmit={choose}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <h2 id={titleId} className="consent-banner__title">
          {t('CONSENT_TITLE')}
        </h2>
        <p id={textId} className="consent-banner__text">
          {t('CONSENT_TEXT')} <span className="consent-banner__details">{t('CONSENT_DETAILS')}</span>
        </p>
        {failed ? (
          <p className="consent-banner__error" role="alert">
            {t('CONSENT_FAILED')}
          </p>
        ) : null}
        <div className="consent-banner__actions">
          <button
            type="submit"
            name="choice"
            value="accept"
            className="button button--primary"
            disabled={busy}
          >
            {t('CONSENT_ACCEPT')}
          </button>
          <button
            type="submit"
            name="choice"
            value="decline"
            className="button button--secondary"
            disabled={busy}
          >
            {t('CONSENT_DECLINE')}
          </button>
        </div>
      </form>
    </section>
  )
}

/** The body's room below the footer follows the banner's real height (it only grows or shrinks the page's end). */
function useReservedRoom(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const element = banner.current
    if (!shown || !element) return
    const root = document.documentElement
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--consent-banner-height', `${element.offsetHeight}px`),
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--consent-banner-height')
    }
  }, [banner, shown])
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
    void tracking().then((module) => module.track({ type: 'pageView', path }))
  }, [accepted, path, location.key])
  useEffect(() => {
    if (!accepted) return
    const online = () => void tracking().then((module) => module.flush())
    online() // what an earlier page left unsent
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
  const added = {
    type: 'addToCart' as const,
    productId,
    quantity,
    ...(typeof variantId === 'string' && variantId ? { variantId } : {}),
  }
  void tracking().then((module) => module.track(added))
}
