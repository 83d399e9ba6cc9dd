import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Fails on serious or critical accessibility violations of the page as it stands. Page objects call it when a
 * screen is ready, and every test calls it once more on the page it ends on, so every screen visited is checked.
 */
export async function expectAccessible(page: Page, context = page.url()): Promise<void> {
  // Toasts fading in or out are half-transparent for a moment: not a state anyone reads, so not checked.
  const results = await new AxeBuilder({ page }).exclude('.bp6-toast-enter').exclude('.bp6-toast-exit').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary, `accessibility violations on ${context}`).toEqual([]);
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
