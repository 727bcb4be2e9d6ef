import type { CartItem } from '@shop/contracts/cart'
import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../../lib/shop.ts'
import type { CartActionResult } from './cart-actions.server.ts'

/**
 * The note of a cart line (spec §4): collapsed or expanded; saving an empty note removes it; a failed save or
 * removal shows its own message.
 */
export function CartNote({ item }: { item: CartItem }) {
  const t = useT()
  const fetcher = useFetcher<CartActionResult>()
  const saved = item.mixins.note?.comment ?? ''
  const [expanded, setExpanded] = useState(false)
  const [comment, setComment] = useState(saved)
  const [removing, setRemoving] = useState(false)
  const fieldId = useId()
  useEffect(() => setComment(saved), [saved])
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) setExpanded(false)
  }, [fetcher.state, fetcher.data])
  const failed = fetcher.state === 'idle' && fetcher.data !== undefined && !fetcher.data.ok
  const label = t('NOTE_FOR', { name: item.product.name })

  if (!expanded) {
    return (
      <div className="cart-note">
        {saved ? <p className="cart-note__text">{saved}</p> : null}
        <button
          type="button"
          className="button button--link"
          aria-expanded={false}
          aria-label={`${saved ? t('EDIT_NOTE') : t('ADD_NOTE')}: ${item.product.name}`}
          onClick={() => setExpanded(true)}
        >
          {saved ? t('EDIT_NOTE') : t('ADD_NOTE')}
        </button>
        {failed ? <NoteError removing={removing} /> : null}
      </div>
    )
  }
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      className="cart-note cart-note--open"
      onSubmit={() => setRemoving(comment.trim() === '')}
    >
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="itemId" value={item.id} />
      <label className="field__label" htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        name="comment"
        className="input cart-note__input"
        maxLength={500}
        rows={2}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className="cart-note__actions">
        <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
          {t('SAVE_NOTE')}
        </button>
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            setComment(saved)
            setExpanded(false)
          }}
        >
          {t('CANCEL')}
        </button>
      </div>
      {failed ? <NoteError removing={removing} /> : null}
    </fetcher.Form>
  )
}

function NoteError({ removing }: { removing: boolean }) {
  const t = useT()
  return (
    <p className="field__error" role="alert">
      {removing ? t('NOTE_REMOVE_FAILED') : t('NOTE_SAVE_FAILED')}
    </p>
  )
}
