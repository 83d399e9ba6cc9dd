import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LeasePanel } from './LeasePanel';

const noop = () => undefined;
const panel = (areaFree: number) => renderToStaticMarkup(createElement(LeasePanel, {
  lease: undefined, selected: 0, section: null, area: 'Dance floor', areaFree, busy: false,
  onTake: noop, onStanding: noop, onWiden: noop, onShrink: noop, onHandBack: noop,
}));

describe('LeasePanel, a standing area in view', () => {
  it('when 752 places of the area are free, then the places field offers 1–752, not more than the area holds', () => {
    const html = panel(752);
    const text = html.replace(/<[^>]+>/g, ' ');
    expect(text).toContain('1–752');
    expect(text).not.toContain('100000');
    expect(html).toContain('From 1 to 752');
  });

  it('when no place is free, then the field still reads a range a person can type (1–1), and the server refuses the lease', () => {
    expect(panel(0)).toContain('From 1 to 1"');
  });
});

describe('LeasePanel, no lease yet', () => {
  it('when it asks until when, then the box takes HH:mm as typed, not a native time box that follows the browser locale', () => {
    const html = panel(10);
    expect(html).toMatch(/<input[^>]*id="lease-until"[^>]*>/);
    const input = /<input[^>]*id="lease-until"[^>]*>/.exec(html)![0];
    expect(input).not.toContain('type="time"');
    expect(input).toContain('placeholder="HH:mm"');
    expect(input).toMatch(/value="\d{2}:\d{2}"/);
  });

  it('when the time is typed, then it says the day and time the lease ends (tomorrow when that time has passed today)', () => {
    expect(panel(10).replace(/<[^>]+>/g, ' ')).toMatch(/Ends \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, venue time/);
  });
});
