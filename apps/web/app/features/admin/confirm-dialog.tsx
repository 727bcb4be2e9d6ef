import { useEffect, useId, useRef } from 'react'

const TABBABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex="0"]'

/**
 * A modal confirmation on the native <dialog> (showModal: the page behind is inert). Tab and Shift+Tab wrap
 * inside it (the native dialog would let focus leave to the browser's own controls), Escape closes it, and
 * focus goes back to the control that opened it. The first button (the harmless choice) gets the focus.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean
  onClose: () => void
  title: string
  children: React.ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
      dialog.querySelector<HTMLElement>('button')?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])
  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)]
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }
  return (
    <dialog
      ref={ref}
      className="modal admin-dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClose={() => {
        onClose()
        if (opener.current instanceof HTMLElement) opener.current.focus()
      }}
    >
      <div className="modal__inner">
        <h2 id={titleId}>{title}</h2>
        {open ? children : null}
      </div>
    </dialog>
  )
}
