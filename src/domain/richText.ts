/**
 * FAQ answers are rich text (002 §3): a small HTML subset. One cleaner for the server (what is stored) and the console
 * (what is shown), so no attribute, script or unknown tag ever reaches a page.
 */
export const RICH_TEXT_TAGS = ['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'div'] as const;
const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const VOID = new Set(['br']);

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;').replaceAll('\u0000', '');

/** Keeps the allowed tags without attributes, drops every other tag (and the content of script and style). */
export function sanitizeRichText(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, '').replace(/<!--[\s\S]*?(-->|$)/g, '');
  return withoutCode
    .split(/(<[^<>]*>)/)
    .map((part) => {
      const tag = /^<\s*(\/?)\s*([a-zA-Z0-9]+)\b[^>]*>$/.exec(part);
      if (!tag) return part.startsWith('<') && part.endsWith('>') ? '' : escapeText(part);
      const name = tag[2].toLowerCase();
      if (!ALLOWED.has(name)) return '';
      if (VOID.has(name)) return tag[1] ? '' : '<br>';
      return `<${tag[1]}${name}>`;
    })
    .join('');
}

/** The text a reader sees: tags removed, entities of spaces read as spaces. */
export function richTextPlain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const isRichTextBlank = (html: string | null | undefined): boolean => richTextPlain(html ?? '') === '';
