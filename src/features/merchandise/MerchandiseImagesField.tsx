import { Button, FormGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useField } from 'react-final-form';
import { FileSizeModal } from '../../ui/FileSizeModal';

interface MerchandiseImagesFieldProps {
  /** Images already saved with the item. */
  current: { id: number; url: string }[];
  limitBytes: number;
  maxImages: number;
  advice: string;
  tooLargeMessage?: string;
  /** Called with a chosen file; a message refuses it (e.g. the wrong proportions). */
  check?: (file: File) => Promise<string | null>;
}

/**
 * The item's images (001 §5): new files are added beside the saved ones, saved ones can be removed; a file over the
 * limit opens the 'File size' dialog and is not added.
 */
export function MerchandiseImagesField({ current, limitBytes, maxImages, advice, tooLargeMessage, check }: MerchandiseImagesFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const images = useField<File[]>('images');
  const removed = useField<number[]>('remove_media');
  const files = images.input.value || [];
  const gone = removed.input.value || [];
  const kept = current.filter((m) => !gone.includes(m.id));
  const full = kept.length + files.length >= maxImages;

  const choose = async (chosen: File[]) => {
    const room = maxImages - kept.length - files.length;
    const accepted: File[] = [];
    for (const file of chosen.slice(0, room)) {
      if (file.size > limitBytes) {
        setTooLarge(true);
        continue;
      }
      const problem = check ? await check(file) : null;
      if (problem) setRefusal(problem);
      else accepted.push(file);
    }
    if (chosen.length > room) setRefusal(`At most ${maxImages} images`);
    if (accepted.length) images.input.onChange([...files, ...accepted]);
  };

  return (
    <FormGroup label="Images" labelFor="field-images" helperText={refusal ?? advice} intent={refusal ? 'danger' : 'none'}>
      <ul className="merch-images" aria-label="Images">
        {kept.map((m, i) => (
          <li key={m.id}>
            <img src={m.url} alt={`Image ${i + 1}`} />
            <Button size="small" variant="minimal" icon="trash" aria-label={`Remove image ${i + 1}`} onClick={() => removed.input.onChange([...gone, m.id])} />
          </li>
        ))}
        {files.map((file, i) => (
          <li key={`${file.name}-${i}`}>
            <FilePreview file={file} />
            <Button size="small" variant="minimal" icon="trash" aria-label={`Remove ${file.name}`} onClick={() => images.input.onChange(files.filter((_, j) => j !== i))} />
          </li>
        ))}
      </ul>
      <input
        ref={inputRef}
        id="field-images"
        className="file-input"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/gif"
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = '';
          setRefusal(null);
          void choose(chosen);
        }}
      />
      <Button icon="media" text="Add images" disabled={full} onClick={() => inputRef.current?.click()} />
      <FileSizeModal isOpen={tooLarge} onClose={() => setTooLarge(false)} message={tooLargeMessage} />
    </FormGroup>
  );
}

function FilePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? <img src={url} alt={file.name} /> : null;
}
