import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLocation } from 'react-router'
import { useShop, useT } from '../../lib/shop.ts'

/** The panel's contents load when it first opens, or when the shopper heads for it (docs/decisions/0071). */
const loadCartContents = () => import('./cart-contents.tsx')
const CartContents = lazy(() => loadCartContents().then((module) => ({ default: module.CartContents })))

/** Spec §9: the panel closes by itself 3 s after an add, unless the shopper touched it. */
export const AUTO_CLOSE_MS = 3000

interface CartPanelState {
  isOpen: boolean
  /** Opened by an add: a non-modal peek that closes by itself. */
  peeking: boolean
  open(): void
  close(): void
  /** Called by the add-to-cart button after a successful add. */
  notifyAdded(): void
  /** Any pointer or key use inside the panel keeps it open. */
  touch(): void
}

const CartPanelContext = createContext<CartPanelState>({
  isOpen: false,
  peeking: false,
  open() {},
  close() {},
  notifyAdded() {},
  touch() {},
})

export function CartPanelProvider({ children }: { children: React.ReactNode }) {
  const [isOpen, setOpen] = useState(false)
  const [peeking, setPeeking] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  const stopTimer = useCallback(() => {
    window.clearTimeout(timer.current)
    timer.current = undefined
  }, [])
  const open = useCallback(() => {
    stopTimer()
    setPeeking(false)
    setOpen(true)
  }, [stopTimer])
  const close = useCallback(() => {
    stopTimer()
    setPeeking(false)
    setOpen(false)
  }, [stopTimer])
  const notifyAdded = useCallback(() => {
    stopTimer()
    setOpen((wasOpen) => {
      if (!wasOpen) setPeeking(true)
      return true
    })
    timer.current = window.setTimeout(() => {
      timer.current = undefined
      setOpen(false)
      setPeeking(false)
    }, AUTO_CLOSE_MS)
  }, [stopTimer])
  const touch = stopTimer
  useEffect(() => stopTimer, [stopTimer])
  const { pathname, search } = useLocation()
  // Behaviour notes: any route change closes the panel at once; `?cart=open` (checkout without a cart) opens it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used
  useEffect(() => {
    stopTimer()
    setPeeking(false)
    setOpen(new URLSearchParams(search).get('cart') === 'open')
  }, [pathname])
  const value = useMemo(
    () => ({ isOpen, peeking, open, close, notifyAdded, touch }),
    [isOpen, peeking, open, close, notifyAdded, touch],
  )
  return <CartPanelContext.Provider value={value}>{children}</CartPanelContext.Provider>
}

export const useCartPanel = () => useContext(CartPanelContext)

/** The top bar's cart button; its badge is the total unit count (sum of quantities). */
export function CartToggle() {
  const { cart } = useShop()
  const t = useT()
  const { isOpen, open } = useCartPanel()
  const count = cart?.totalUnitsCount ?? 0
  return (
    <button
      type="button"
      className="button button--ghost cart-toggle"
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      aria-controls="cart-panel"
      aria-label={t('OPEN_CART', { count })}
      onClick={open}
      onPointerEnter={loadCartContents}
      onFocus={loadCartContents}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM7.2 14.8h9.9c.8 0 1.4-.4 1.7-1.1L22 7H5.2l-.9-2H1v2h2l3.6 7.6L5.2 17H19v-2H7.4l.8-1.2Z"
        />
      </svg>
      <span className="cart-toggle__label">{t('CART')}</span>
      {count > 0 ? (
        <span className="badge" aria-hidden="true" data-testid="cart-count">
          {count}
        </span>
      ) : null}
    </button>
  )
}

/**
 * Slide-out cart as a <dialog>. Opened from the top bar it is modal (focus stays inside, Escape closes, the
 * page behind is inert); opened by an add it is a non-modal peek, so the page and its toast stay usable.
 */
export function CartPanel() {
  const { isOpen, peeking, close, touch } = useCartPanel()
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (!isOpen) {
      if (dialog.open) dialog.close()
      return
    }
    const modal = dialog.matches(':modal')
    if (dialog.open && modal !== peeking) return
    if (dialog.open) dialog.close()
    if (peeking) dialog.show()
    else dialog.showModal()
  }, [isOpen, peeking])
  return (
    <dialog
      ref={ref}
      id="cart-panel"
      className="cart-panel"
      aria-labelledby="cart-panel-title"
      data-peek={peeking ? 'true' : undefined}
      onClose={() => {
        if (isOpen && ref.current && !ref.current.open) close()
      }}
      onPointerDown={touch}
      onInput={touch}
      onClick={(event) => {
        if (event.target === ref.current) close()
      }}
      onKeyDown={(event) => {
        touch()
        if (event.key === 'Escape') close()
      }}
    >
      <div className="cart-panel__inner">
        <div className="cart-panel__header">
          <h2 id="cart-panel-title">{t('YOUR_CART')}</h2>
          <button type="button" className="button button--icon" aria-label={t('CLOSE')} onClick={close}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
              <path
                fill="currentColor"
                d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z"
              />
            </svg>
          </button>
        </div>
        {isOpen ? (
          <Suspense fallback={null}>
            <CartContents onNavigate={close} />
          </Suspense>
        ) : null}
      </div>
    </dialog>
  )
}
