import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'

/**
 * Deleting a product (docs/decisions/0044-deleting-products.md): a button that asks first in a modal dialog
 * (focus stays inside, Escape closes, focus goes back to the button). A product some
 * order holds is refused by the API; the page then says so and offers to unpublish it instead.
 */
export function ProductDelete({
  name,
  published,
  refused,
  language,
}: {
  name: string
  published: boolean
  refused: boolean
  language: Language
}) {
  const t = adminTranslator(language)
  const [open, setOpen] = useState(false)
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="admin-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t('DELETE_PRODUCT')}</h2>
      {refused ? (
        <div role="alert" className="admin-alert">
          <p>{t('DELETE_REFUSED_ORDERED')}</p>
          {published ? (
            <Form method="post">
              <input type="hidden" name="intent" value="unpublish" />
              <button type="submit" className="button" disabled={busy}>
                {t('PRODUCT_UNPUBLISH')}
              </button>
            </Form>
          ) : (
            <p>{t('ALREADY_UNPUBLISHED')}</p>
          )}
        </div>
      ) : (
        <p className="hint">{t('DELETE_HINT')}</p>
      )}
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('DELETE_PRODUCT_BUTTON')}
      </button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title={t('DELETE_CONFIRM_TITLE')}>
        <p>{t('DELETE_CONFIRM_TEXT', { name })}</p>
        <Form method="post" className="admin-dialog-actions" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="delete" />
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('CANCEL')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('DELETE_CONFIRM_BUTTON')}
          </button>
        </Form>
      </ConfirmDialog>
    </section>
  )
}
