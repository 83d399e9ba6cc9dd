import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Pages already found accessible in this worker, by a fingerprint of their markup. An axe run costs 1–3 s on
 * 2 cores, about half of the browser suite's time, and most runs met a page seen before: the sign-in screen at the
 * start of every test, a screen checked when ready and again at the test's end with nothing changed in between.
 */
const checkedMarkup = new Set<string>();

/**
 * Fails on serious or critical accessibility violations of the page as it stands. Page objects call it when a
 * screen is ready, and every test calls it once more on the page it ends on, so every screen visited is checked.
 * Markup identical to a page that already passed (same URL, same DOM) is not analysed again.
 */
export async function expectAccessible(page: Page, context = page.url()): Promise<void> {
  // A hash of the URL and the whole DOM (FNV-1a): a changed attribute, text or class makes it another page.
  const markup = await page.evaluate(() => {
    const text = location.href + document.documentElement.outerHTML;
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return `${text.length}:${h >>> 0}`;
  });
  if (checkedMarkup.has(markup)) return;
  // A dialog or toast still fading in is half-transparent, and axe measures its text against what shows through
  // (a CI failure: the File size dialog's title "lacked contrast" mid-transition). Wait until every finite CSS
  // transition and animation has ended: that is the state a person reads. Spinners loop forever and are ignored.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Toasts fading in or out are half-transparent for a moment: not a state anyone reads, so not checked.
  const results = await new AxeBuilder({ page }).exclude('.bp6-toast-enter').exclude('.bp6-toast-exit').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary, `accessibility violations on ${context}`).toEqual([]);
  checkedMarkup.add(markup);
}

/**
 * Ticks a Blueprint checkbox as a person does, by clicking its label. The input lies under the box Blueprint draws,
 * so check() on it needs force, and force also skips waiting for the element to stand still: in a dialog still
 * opening, the click landed beside the box and nothing was ticked (a flaky failure in the seasons flow).
 */
export async function tick(checkbox: Locator): Promise<void> {
  if (await checkbox.isChecked()) return;
  await checkbox.locator('xpath=ancestor::label[1]').click();
  await expect(checkbox).toBeChecked();
}

export const test = base.extend<{ a11yAtEnd: void }>({
  a11yAtEnd: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === 'passed' && page.url().startsWith('http')) await expectAccessible(page, `end of "${testInfo.title}"`);
    },
    { auto: true },
  ],
});

export { expect };
