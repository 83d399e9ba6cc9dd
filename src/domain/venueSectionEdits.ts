/**
 * Section edits made on /venues before a map is saved (issue 25): a new name and/or a kind per section of the
 * importer's report. One rule set for the screen (checked as the admin types) and the server (checked again before
 * anything is written). Errors are keyed by the section's position in the report: `sections.<position>.name`.
 */
export type SectionKind = 'seated' | 'general_admission';

export interface SectionEdit {
  /** The section's name as the importer read it (unique within the map). */
  section: string;
  /** Its new name (trimmed before use). */
  name?: string;
  kind?: SectionKind;
}

/** Longest section name: room for "Parkett vänster, rad 1–12" and the like, and short enough for the map's labels. */
export const SECTION_NAME_MAX = 100;

export const SECTION_EDIT_MESSAGES = {
  required: 'Required',
  tooLong: `Use at most ${SECTION_NAME_MAX} characters`,
  control: 'A section name cannot contain control characters',
  duplicate: 'Another section of this map has this name',
  unknown: 'The map has no section with this name',
  twice: 'This section is edited twice',
} as const;

/** Control characters (NUL included): PostgreSQL text refuses NUL, and none of them belongs in a label. */
function hasControl(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** The message for one name, or undefined when it is a good section name. */
export function sectionNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return SECTION_EDIT_MESSAGES.required;
  if (hasControl(name)) return SECTION_EDIT_MESSAGES.control;
  if ([...trimmed].length > SECTION_NAME_MAX) return SECTION_EDIT_MESSAGES.tooLong;
  return undefined;
}

/** Each section's name and kind once the edits are applied (sections in report order). */
export function editedSections(sections: readonly { name: string; kind: SectionKind }[],
  edits: readonly SectionEdit[]): { name: string; kind: SectionKind; renamed: boolean }[] {
  const byName = new Map(edits.map((e) => [e.section, e]));
  return sections.map((s) => {
    const edit = byName.get(s.name);
    const name = edit?.name !== undefined ? edit.name.trim() : s.name;
    return { name, kind: edit?.kind ?? s.kind, renamed: name !== s.name };
  });
}

/**
 * Errors of a set of edits against the report's sections: names required, without control characters, at most
 * SECTION_NAME_MAX characters, unique within the map (case and surrounding spaces ignored); an edit must name a
 * section of the map, once. Only renamed sections are blamed for a clash.
 */
export function sectionEditErrors(sections: readonly { name: string; kind: SectionKind }[],
  edits: readonly SectionEdit[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const position = new Map(sections.map((s, i) => [s.name, i]));
  const seen = new Set<string>();
  for (const edit of edits) {
    const at = position.get(edit.section);
    if (at === undefined) {
      errors.sections = `${SECTION_EDIT_MESSAGES.unknown}: "${edit.section.slice(0, SECTION_NAME_MAX)}"`;
      continue;
    }
    if (seen.has(edit.section)) errors[`sections.${at}.name`] = SECTION_EDIT_MESSAGES.twice;
    seen.add(edit.section);
    const message = edit.name !== undefined ? sectionNameError(edit.name) : undefined;
    if (message) errors[`sections.${at}.name`] = message;
  }
  const after = editedSections(sections, edits);
  const count = new Map<string, number>();
  for (const s of after) count.set(key(s.name), (count.get(key(s.name)) ?? 0) + 1);
  after.forEach((s, i) => {
    const field = `sections.${i}.name`;
    if (s.renamed && !errors[field] && s.name !== '' && count.get(key(s.name))! > 1) {
      errors[field] = SECTION_EDIT_MESSAGES.duplicate;
    }
  });
  return errors;
}

function key(name: string): string {
  return name.trim().toLocaleLowerCase('sv');
}

/** Only what changes: the edits to send for the names and kinds shown on the screen (sections in report order). */
export function changedSections(sections: readonly { name: string; kind: SectionKind }[],
  shown: readonly { name: string; kind: SectionKind }[]): SectionEdit[] {
  const edits: SectionEdit[] = [];
  sections.forEach((s, i) => {
    const now = shown[i];
    if (!now) return;
    const renamed = now.name.trim() !== s.name;
    const rekinded = now.kind !== s.kind;
    if (renamed || rekinded) {
      edits.push({ section: s.name, ...(renamed ? { name: now.name } : {}), ...(rekinded ? { kind: now.kind } : {}) });
    }
  });
  return edits;
}
