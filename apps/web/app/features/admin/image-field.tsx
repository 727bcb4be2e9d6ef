import { FieldFrame } from '../../ui/form/field-frame.tsx'

/**
 * An image of the shop window, given by address for now: a path of this shop (`/media/…`) or an https address,
 * typed or picked from the images already in use (`listId` names a <datalist> of them, see ImageChoices), with a
 * small preview. The one place an upload button will go once the back office can upload images.
 */
export function ImageField({
  name,
  label,
  hint,
  value,
  onChange,
  listId,
  error,
  required = true,
}: {
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
