import { describe, expect, it } from 'vitest';
import { eventListTitle, eventStatusBadge } from './eventListView';

describe('the events list title follows the status filter', () => {
  it('names what the rows are', () => {
    expect(eventListTitle('all')).toBe('Upcoming Events');
    expect(eventListTitle('passed')).toBe('Passed Events');
    expect(eventListTitle('draft')).toBe('Draft Events');
    expect(eventListTitle('active')).toBe('Active Events');
  });
});

describe('an event row shows one status badge', () => {
  it('a passed event shows "Passed" alone, whatever its status', () => {
    expect(eventStatusBadge('active', true)).toEqual({ label: 'Passed', intent: 'none', minimal: true });
    expect(eventStatusBadge('draft', true).label).toBe('Passed');
  });
  it('otherwise its status, active highlighted', () => {
    expect(eventStatusBadge('active', false)).toEqual({ label: 'Active', intent: 'success', minimal: false });
    expect(eventStatusBadge('draft', false)).toEqual({ label: 'Draft', intent: 'none', minimal: true });
  });
});
