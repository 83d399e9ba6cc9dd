import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager';

describe('pageWindow (000 §9: 5 page links)', () => {
  it('when there are few pages, then all of them', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it('when the current page is in the middle, then two on each side', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });
  it('when near either end, then the window stays five wide inside the pages', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
