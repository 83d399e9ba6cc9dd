import { classOf } from './seatIdentity';
import { A_DISPLAY, A_ID, A_STYLE, A_VISIBILITY } from './svgVocabulary';
import type { XmlTag } from './XmlTag';

/**
 * Which elements a file hides. Real maps keep inactive variants of a hall as groups with display:none, set either
 * inline or through a class in <style> (sometimes inside CDATA, sometimes next to runtime placeholders such as
 * ACTIVE_SECTION_IDENTIFIER that are not valid CSS). Only simple selectors (.class, tag.class, #id) are read; nothing
 * in a stylesheet is ever fetched or applied otherwise.
 */
export interface HiddenRules {
  classes: Set<string>;
  ids: Set<string>;
}

export function emptyHiddenRules(): HiddenRules {
  return { classes: new Set(), ids: new Set() };
}

const HIDING = /(?:^|[;{\s])(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\b/i;
const RULE = /([^{}]+)\{([^{}]*)\}/g;
const SIMPLE_SELECTOR = /^(?:[a-zA-Z][\w-]*)?([.#])([\w-]+)$/;

/** Adds the classes and ids a stylesheet hides to `rules`. */
export function readHiddenRules(css: string, rules: HiddenRules): void {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of text.matchAll(RULE)) {
    if (!HIDING.test(`;${match[2]}`)) continue;
    for (const raw of match[1]!.split(',')) {
      const selector = SIMPLE_SELECTOR.exec(raw.trim());
      if (!selector) continue;
      (selector[1] === '.' ? rules.classes : rules.ids).add(selector[2]!);
    }
  }
}

/** True when an inline style attribute hides the element. */
export function styleHides(style: string): boolean {
  return style.indexOf(':') >= 0 && HIDING.test(`;${style}`);
}

/** True when any class token of `classValue` is hidden by the stylesheet. */
export function classHidden(classValue: string, rules: HiddenRules): boolean {
  if (rules.classes.size === 0) return false;
  for (const token of classValue.split(/\s+/)) if (token && rules.classes.has(token)) return true;
  return false;
}

/** True when the current element is hidden: display/visibility attributes, inline style, or a hidden class or id. */
export function elementHidden(tok: XmlTag, rules: HiddenRules): boolean {
  const display = tok.attr(A_DISPLAY);
  if (display >= 0 && tok.attrEquals(display, 'none')) return true;
  const visibility = tok.attr(A_VISIBILITY);
  if (visibility >= 0 && (tok.attrEquals(visibility, 'hidden') || tok.attrEquals(visibility, 'collapse'))) {
    return true;
  }
  const style = tok.attr(A_STYLE);
  if (style >= 0 && styleHides(tok.attrString(style))) return true;
  if (rules.classes.size > 0) {
    const cls = classOf(tok);
    if (cls && classHidden(cls, rules)) return true;
  }
  if (rules.ids.size > 0) {
    const id = tok.attr(A_ID);
    if (id >= 0 && rules.ids.has(tok.attrString(id))) return true;
  }
  return false;
}
