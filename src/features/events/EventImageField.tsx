import { Button, FormGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { Field } from 'react-final-form';
import { isImageTooLarge } from '../../domain/eventForm';
import { FileSizeModal } from '../../ui/FileSizeModal';
import { fieldError } from '../../ui/form/fieldError';

export const IMAGE_ADVICE =
  'Use a JPEG of at least 2200 x 1100 px. The image may be cropped to its central square, about 550 px in from each side: keep what matters in the middle.';

/** The event image (000 §5): a file over 100 MB is refused with the "File size" modal; the saved image is shown until replaced. */
export function EventImageField({ currentUrl }: { currentUrl?: string | null }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <Field<File | null> name="medium">
      {({ input, meta }) => (
        <FormGroup label="Image" labelFor="field-medium" helperText={fieldError(meta) ?? IMAGE_ADVICE} intent={fieldError(meta) ? 'danger' : 'none'}>
          <ImagePreview file={input.value || null} fallback={currentUrl ?? null} />
          <input
            ref={inputRef}
            id="field-medium"
            className="file-input"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              e.target.value = '';
              if (file && isImageTooLarge(file.size)) setTooLarge(true);
              else if (file) input.onChange(file);
            }}
          />
          <Button icon="media" text={input.value || currentUrl ? 'Replace image' : 'Choose image'} onClick={() => inputRef.current?.click()} />
          <FileSizeModal isOpen={tooLarge} onClose={() => setTooLarge(false)} />
        </FormGroup>
      )}
    </Field>
  );
}

function ImagePreview({ file, fallback }: { file: File | null; fallback: string | null }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  const src = url ?? fallback;
  if (!src) return null;
  return (
    <figure className="image-preview">
      <img src={src} alt="Event image" />
      {file ? <figcaption>{file.name}</figcaption> : null}
    </figure>
  );
}
