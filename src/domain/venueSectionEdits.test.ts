import { describe, expect, it } from 'vitest';
import { changedSections, editedSections, SECTION_EDIT_MESSAGES as M, SECTION_NAME_MAX, sectionEditErrors, sectionNameError } from './venueSectionEdits';

const sections = [
  { name: 'Stalls', kind: 'seated' as const },
  { name: 'Balcony', kind: 'seated' as const },
  { name: 'Floor', kind: 'general_admission' as const },
];

describe('section names', () => {
  it('are required, without control characters, at most SECTION_NAME_MAX characters', () => {
    expect(sectionNameError('  ')).toBe(M.required);
    expect(sectionNameError('Par\u0000kett')).toBe(M.control);
    expect(sectionNameError('Par\nkett')).toBe(M.control);
    expect(sectionNameError('x'.repeat(SECTION_NAME_MAX + 1))).toBe(M.tooLong);
    expect(sectionNameError(` ${'å'.repeat(SECTION_NAME_MAX)} `)).toBeUndefined();
    expect(sectionNameError('Партер левая')).toBeUndefined();
  });
});

describe('sectionEditErrors', () => {
  it('accepts renames, kinds and a swap of two names', () => {
    expect(sectionEditErrors(sections, [{ section: 'Stalls', name: 'Parkett' }, { section: 'Floor', kind: 'seated' }])).toEqual({});
    expect(sectionEditErrors(sections, [{ section: 'Stalls', name: 'Balcony' }, { section: 'Balcony', name: 'Stalls' }])).toEqual({});
  });

  it('blames a renamed section that takes another section\'s name, case and spaces ignored', () => {
    expect(sectionEditErrors(sections, [{ section: 'Floor', name: ' balcony ' }])).toEqual({ 'sections.2.name': M.duplicate });
    expect(sectionEditErrors(sections, [{ section: 'Stalls', name: 'Pit' }, { section: 'Balcony', name: 'PIT' }]))
      .toEqual({ 'sections.0.name': M.duplicate, 'sections.1.name': M.duplicate });
  });

  it('keys each name error by the section\'s position; unknown and repeated sections are refused', () => {
    expect(sectionEditErrors(sections, [{ section: 'Balcony', name: '' }])).toEqual({ 'sections.1.name': M.required });
    expect(sectionEditErrors(sections, [{ section: 'Gallery', name: 'Upper' }])).toEqual({ sections: `${M.unknown}: "Gallery"` });
    expect(sectionEditErrors(sections, [{ section: 'Stalls', name: 'A' }, { section: 'Stalls', kind: 'general_admission' }]))
      .toEqual({ 'sections.0.name': M.twice });
  });
});

describe('editedSections and changedSections', () => {
  it('trim the new names and send only what changed', () => {
    expect(editedSections(sections, [{ section: 'Stalls', name: ' Parkett ' }])[0]).toEqual({ name: 'Parkett', kind: 'seated', renamed: true });
    const shown = [{ name: 'Stalls ', kind: 'seated' as const }, { name: 'Upper', kind: 'general_admission' as const }, sections[2]!];
    expect(changedSections(sections, shown)).toEqual([{ section: 'Balcony', name: 'Upper', kind: 'general_admission' }]);
  });
});
