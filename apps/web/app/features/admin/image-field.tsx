import { useRef, useState } from 'react'
import type { AdminTranslate } from '../../i18n/admin.ts'
import { FieldFrame } from '../../ui/form/field-frame.tsx'
import { IMAGE_TYPES, reasonOf, uploadImage } from './media-upload.ts'

/**
 * An image of the shop window: uploaded here (the field then holds the upload's address, served in every size
 * and modern format, docs/decisions/0047-uploaded-images.md), or given by address: a path of this shop
 * (`/media/…`) or an https address, typed or picked from the images already in use (`listId` names a <datalist>
 * of them, see ImageChoices). A small preview shows what the address holds.
 */
export function ImageField({
  t,
  name,
  label,
  hint,
  value,
  onChange,
  listId,
  error,
  required = true,
}: {
  t: AdminTranslate
  name: string
  label: string
  hint?: string
  value: string
  onChange: (value: string) => void
  listId: string
  error?: string
  required?: boolean
}) {
  return (
    <div className="admin-image-field">
      <FieldFrame label={label} hint={hint} error={error} wide>
        {(control) => (
          <input
            {...control}
            name={name}
            className="input"
            type="text"
            inputMode="url"
            list={listId}
            maxLength={500}
            required={required}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </FieldFrame>
      <div className="admin-image-field__row">
        {/^(\/(?!\/)|https:\/\/)/.test(value) ? (
          <img
            className="admin-image-field__preview"
            src={value}
            alt=""
            width={96}
            height={64}
            loading="lazy"
          />
        ) : null}
        <UploadButton t={t} field={label} onUploaded={onChange} />
      </div>
    </div>
  )
}

/** The file picker's button, the upload's progress, then the address it gives (or why it was refused). */
function UploadButton({
  t,
  field,
  onUploaded,
}: {
  t: AdminTranslate
  field: string
  onUploaded: (url: string) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<{ progress: number } | { error: string } | null>(null)

  async function send(file: File) {
    setState({ progress: 0 })
    const result = await uploadImage(file, (share) => setState({ progress: Math.round(share * 100) }))
    if (!result.ok) {
      setState({ error: t('UPLOAD_FAILED', { name: file.name, reason: reasonOf(t, result) }) })
      return
    }
    setState(null)
    onUploaded(result.media.url)
  }

  return (
    <div className="admin-image-field__upload">
      <button
        type="button"
        className="button button--secondary"
        aria-label={t('UPLOAD_IMAGE_FOR', { field })}
        disabled={state !== null && 'progress' in state}
        onClick={() => input.current?.click()}
      >
        {t('UPLOAD_IMAGE')}
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void send(file)
        }}
      />
      {state && 'progress' in state ? (
        <progress max={100} value={state.progress} aria-label={t('UPLOADING', { name: field })}>
          {state.progress} %
        </progress>
      ) : null}
      {state && 'error' in state ? (
        <p role="alert" className="admin-alert">
          {state.error}
        </p>
      ) : null}
    </div>
  )
}

/** The images to pick from, once per page for every ImageField that names `id`. */
export function ImageChoices({ id, images }: { id: string; images: string[] }) {
  return (
    <datalist id={id}>
      {images.map((image) => (
        <option key={image} value={image} />
      ))}
    </datalist>
  )
}
