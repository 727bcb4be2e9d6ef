import type { StaffMedia } from '@shop/contracts/backoffice-media'
import { mediaThumbSrc } from '@shop/contracts/media'
import { useRef, useState } from 'react'
import { type AdminKey, type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { IMAGE_TYPES, reasonOf, saveProductImages, uploadImage } from './media-upload.ts'
import stylesHref from './product-images.css?url'

interface Upload {
  key: number
  /** "Uploading photo.jpg" */
  label: string
  /** 0 to 100 while sending; undefined once failed. */
  progress: number
  error?: string
}

/**
 * The product form's images (docs/decisions/0048-admin-images.md): drop files or choose them, each uploaded
 * with its progress and added at the end; reorder, remove and alt texts per language. Every change is saved at
 * once as the product's whole list (the alt texts with their own button, whose name has no "Save" in it: the
 * product form's Save button must stay the only one of that name).
 */
export function ProductImages({
  productId,
  initial,
  languages,
  language,
}: {
  productId: string
  initial: StaffMedia[]
  languages: string[]
  language: Language
}) {
  const t = adminTranslator(language)
  const [items, setItems] = useState(initial)
  const current = useRef(initial)
  const [uploads, setUploads] = useState<Upload[]>([])
  const [status, setStatus] = useState<{ text: string; failed?: boolean } | null>(null)
  const nextKey = useRef(0)
  const saving = useRef(Promise.resolve())

  /** Shows the list at once and saves it after the saves before it (the last one wins, in order). */
  function commit(next: StaffMedia[], message: string) {
    current.current = next
    setItems(next)
    saving.current = saving.current.then(async () => {
      const saved = await saveProductImages(productId, current.current)
      setStatus(saved.ok ? { text: message } : { text: t('IMAGES_SAVE_FAILED'), failed: true })
    })
  }

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)))

  async function send(file: File) {
    const key = nextKey.current++
    setUploads((list) => [...list, { key, label: t('UPLOADING', { name: file.name }), progress: 0 }])
    const result = await uploadImage(file, (share) => patch(key, { progress: Math.round(share * 100) }))
    if (!result.ok) {
      patch(key, { error: t('UPLOAD_FAILED', { name: file.name, reason: reasonOf(t, result) }) })
      return
    }
    setUploads((list) => list.filter((u) => u.key !== key))
    const { id, url, widths, width, height } = result.media
    if (current.current.some((m) => m.id === id)) return
    commit(
      [...current.current, { id, url, widths, width, height, alt: {} }],
      t('UPLOAD_DONE', { name: file.name }),
    )
  }

  const sendAll = (files: File[]) => {
    for (const file of files) void send(file)
  }

  const move = (from: number, to: number) => {
    const next = [...current.current]
    const [moved] = next.splice(from, 1)
    if (!moved || to < 0 || to > next.length) return
    next.splice(to, 0, moved)
    commit(next, t('IMAGES_SAVED'))
  }

  const setAlt = (index: number, lang: string, text: string) => {
    const next = current.current.map((m, i) => (i === index ? { ...m, alt: { ...m.alt, [lang]: text } } : m))
    current.current = next
    setItems(next)
  }

  return (
    <section className="admin-images" aria-labelledby="admin-images-title">
      <link rel="stylesheet" href={stylesHref} precedence="default" />
      <h2 id="admin-images-title">{t('IMAGES')}</h2>
      <DropZone t={t} onFiles={sendAll} />
      <UploadList uploads={uploads} />
      <p role="status" className={status?.failed ? 'admin-alert' : 'admin-images__status'}>
        {status?.text ?? ''}
      </p>
      {items.length === 0 ? <p>{t('NO_IMAGES')}</p> : null}
      <ol className="admin-images__list">
        {items.map((item, index) => (
          <ImageRow
            key={item.id}
            item={item}
            index={index}
            last={index === items.length - 1}
            languages={languages}
            t={t}
            onMove={move}
            onRemove={() =>
              commit(
                current.current.filter((_, i) => i !== index),
                t('IMAGES_SAVED'),
              )
            }
            onAlt={setAlt}
          />
        ))}
      </ol>
      {items.length > 0 ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => commit(current.current, t('IMAGES_SAVED'))}
        >
          {t('SAVE_IMAGE_TEXTS')}
        </button>
      ) : null}
    </section>
  )
}

function ImageRow({
  item,
  index,
  last,
  languages,
  t,
  onMove,
  onRemove,
  onAlt,
}: {
  item: StaffMedia
  index: number
  last: boolean
  languages: string[]
  t: AdminTranslate
  onMove: (from: number, to: number) => void
  onRemove: () => void
  onAlt: (index: number, language: string, text: string) => void
}) {
  const n = index + 1
  return (
    <li className="admin-images__item">
      <img src={mediaThumbSrc(item.url)} alt={t('IMAGE_N', { n })} width={96} height={96} loading="lazy" />
      <div className="admin-images__fields">
        {languages.map((lang) => (
          <TextField
            key={lang}
            label={t('ALT_TEXT', { language: t(`LANGUAGE_${lang}` as AdminKey) ?? lang })}
            hint={lang === languages[0] ? t('ALT_HINT') : undefined}
            required={false}
            maxLength={300}
            value={item.alt[lang] ?? ''}
            onChange={(text) => onAlt(index, lang, text)}
          />
        ))}
      </div>
      <div className="admin-images__actions">
        <button
          type="button"
          className="button"
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <span aria-hidden="true">↑</span>
          <span className="visually-hidden">{t('IMAGE_MOVE_UP', { n })}</span>
        </button>
        <button type="button" className="button" disabled={last} onClick={() => onMove(index, index + 1)}>
          <span aria-hidden="true">↓</span>
          <span className="visually-hidden">{t('IMAGE_MOVE_DOWN', { n })}</span>
        </button>
        <button type="button" className="button button--secondary" onClick={onRemove}>
          {t('REMOVE_IMAGE', { n })}
        </button>
      </div>
    </li>
  )
}

/** The drop target and the file picker's button (the keyboard's way in; the input itself is hidden). */
function DropZone({ t, onFiles }: { t: AdminTranslate; onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button does the same by keyboard */}
      <div
        className={dragging ? 'admin-images__drop admin-images__drop--over' : 'admin-images__drop'}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          onFiles(Array.from(event.dataTransfer.files))
        }}
      >
        <p id="admin-images-hint">{t('IMAGES_HINT')}</p>
        <button
          type="button"
          className="button button--secondary"
          aria-describedby="admin-images-hint"
          onClick={() => input.current?.click()}
        >
          {t('CHOOSE_IMAGES')}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept={IMAGE_TYPES}
          hidden
          onChange={(event) => {
            onFiles(Array.from(event.target.files ?? []))
            event.target.value = ''
          }}
        />
      </div>
    </>
  )
}

/** Each file being sent: its progress bar, or why it was refused. */
function UploadList({ uploads }: { uploads: Upload[] }) {
  if (uploads.length === 0) return null
  return (
    <ul className="admin-images__uploads">
      {uploads.map((u) => (
        <li key={u.key}>
          {u.error ? (
            <p role="alert" className="admin-alert">
              {u.error}
            </p>
          ) : (
            <label>
              {u.label}
              <progress max={100} value={u.progress}>
                {u.progress} %
              </progress>
            </label>
          )}
        </li>
      ))}
    </ul>
  )
}
