import { Button, ButtonGroup } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { sanitizeRichText } from '../../domain/richText';

interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
}

/**
 * A small rich-text box for FAQ answers: bold, italic, underline and lists. The browser edits the HTML; what leaves it
 * is cleaned to the subset the server keeps (src/domain/richText.ts), so the editor never shows more than is saved.
 */
export function RichTextEditor({ id, label, value, onChange, onBlur, invalid }: RichTextEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Only when the value changes from outside (opening another item): typing must not move the caret.
    if (box.current && sanitizeRichText(box.current.innerHTML) !== value) box.current.innerHTML = sanitizeRichText(value);
  }, [value]);
  const command = (name: string) => () => {
    box.current?.focus();
    document.execCommand(name);
    onChange(sanitizeRichText(box.current?.innerHTML ?? ''));
  };
  return (
    <div className={`rich-text${invalid ? ' rich-text-invalid' : ''}`}>
      <ButtonGroup variant="minimal" className="rich-text-toolbar">
        <Button icon="bold" aria-label="Bold" onMouseDown={(e) => e.preventDefault()} onClick={command('bold')} />
        <Button icon="italic" aria-label="Italic" onMouseDown={(e) => e.preventDefault()} onClick={command('italic')} />
        <Button icon="underline" aria-label="Underline" onMouseDown={(e) => e.preventDefault()} onClick={command('underline')} />
        <Button icon="properties" aria-label="Bulleted list" onMouseDown={(e) => e.preventDefault()} onClick={command('insertUnorderedList')} />
        <Button icon="numbered-list" aria-label="Numbered list" onMouseDown={(e) => e.preventDefault()} onClick={command('insertOrderedList')} />
      </ButtonGroup>
      <div
        id={id}
        ref={box}
        className="rich-text-box bp6-input"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-invalid={invalid || undefined}
        onInput={() => onChange(sanitizeRichText(box.current?.innerHTML ?? ''))}
        onBlur={onBlur}
        suppressContentEditableWarning
      />
    </div>
  );
}
