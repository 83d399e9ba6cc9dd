import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isUpdating, UpdatingNote } from './UpdatingNote';

describe('isUpdating', () => {
  it('when a query has an answer and is asked again, then what shows is from before', () => {
    expect(isUpdating({ isFetching: true, data: { id: 1 } })).toBe(true);
    // An empty list or a zero is an answer too.
    expect(isUpdating({ isFetching: true, data: [] })).toBe(true);
    expect(isUpdating({ isFetching: true, data: 0 })).toBe(true);
  });

  it('when a query has no answer yet, or is not asking, then nothing from before shows', () => {
    expect(isUpdating({ isFetching: true, data: undefined })).toBe(false);
    expect(isUpdating({ isFetching: true })).toBe(false);
    expect(isUpdating({ isFetching: false, data: { id: 1 } })).toBe(false);
  });
});

describe('UpdatingNote', () => {
  it('when shown, then it is a status that says Updating, with the class it is placed by', () => {
    const html = renderToStaticMarkup(createElement(UpdatingNote, { className: 'order-updating' }));
    expect(html).toMatch(/^<span class="updating-note order-updating" role="status">/);
    expect(html.replace(/<[^>]+>/g, '').trim()).toBe('Updating');
  });
});
