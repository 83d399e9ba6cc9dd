import { expect, test } from './fixtures';
import { LoginScreen } from './pages/LoginScreen';
import { OutboxScreens, PasswordScreens } from './pages/OutboxScreens';
import { seededEventId } from './pages/VenueMapScreen';
import { apiGet, apiSend, useSessionOf } from './signIn';

// boxoffice2 signs in in no other browser flow: its new password changes nothing elsewhere.
const EMAIL = 'boxoffice2@demo.test';
const NEW_PASSWORD = 'outbox-flow-pass-1';

test('when a password reset is asked for on npm start\'s defaults, then the admin finds the mail in the Outbox and its link sets a new password', async ({ page, browser, baseURL }) => {
  // Two browser sessions and a wait for the delivery job: on a loaded 2-core machine this outgrows the default 60 s.
  test.slow();
  // The person who forgot their password, signed out.
  const password = new PasswordScreens(page);
  await expect(await password.askForLink(EMAIL)).toContainText('in the Outbox');

  // The admin, in their own browser session, opens the Outbox and the mail.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    // Signed in, the Outbox opens at once (its address), not after the admin's landing page.
    await useSessionOf(admin, 'admin');
    const outbox = new OutboxScreens(admin);
    await outbox.open();
    // The delivery job puts it in the local mailbox within a second or two; the list reads itself again.
    await expect(outbox.mailRow(EMAIL)).toContainText('In the local mailbox', { timeout: 15_000 });
    await expect(outbox.mailRow(EMAIL)).toContainText('Set a new password for Arena Console');
    await outbox.openMessage(EMAIL);
    await expect(admin.getByRole('heading', { name: 'Set a new password for Arena Console' })).toBeVisible();
    // Kept in the local mailbox, it reached nobody: the headers never say it was delivered.
    await expect(admin.locator('dl.outbox-headers dt')).toContainText(['Kept in the local mailbox']);
    await expect(admin.locator('dl.outbox-headers dt', { hasText: 'Delivered' })).toHaveCount(0);
    const href = await outbox.resetLink().getAttribute('href');
    expect(href?.startsWith(`${baseURL}/reset/`)).toBe(true);

    // The link, followed by the person: a new password, then signing in with it.
    await page.goto(href!);
    await expect(await password.setPassword(NEW_PASSWORD)).toHaveText('Your password is set. Sign in with it now.');
    // The sign-in page in the same page, as the console's links lead there (e2e/inApp.ts).
    const login = new LoginScreen(page);
    await login.open({ inApp: true });
    await login.signIn(EMAIL, NEW_PASSWORD);
    await expect(page).toHaveURL('/boxoffice-app');
  } finally {
    await adminContext.close();
  }
});

interface OutboxRow { id: number; address: string; subject: string }

test('when a CRM message is sent, then the Outbox shows each mail under the subject it carries, in the person\'s language, with the text of that language', async ({ page, request }) => {
  await useSessionOf(page, 'admin');
  const stamp = `${Date.now()}`;
  const texts = { en: `Outbox flow ${stamp}: doors open at six`, sv: `Utkorgsflöde ${stamp}: dörrarna öppnar sex` };
  await apiSend(page, request, 'POST', '/api/events/send-notification', { content: texts, filters: { events: [seededEventId('Midsummer Stadium Night')] } });
  // The send's newest e-mail (the list is newest first; this flow's send is the last one queued).
  const mail = (await apiGet<{ collection: OutboxRow[] }>(page, request, '/api/outbox?channel=email&per_page=1')).collection[0];
  const detail = await apiGet<{ body: string; subject: string }>(page, request, `/api/outbox/${mail.id}`);
  expect(detail.body).toContain(stamp);
  const swedish = detail.body === texts.sv;
  const subject = swedish ? 'Ett meddelande från Arena' : 'A message from Arena';

  const outbox = new OutboxScreens(page);
  await outbox.open();
  await expect(outbox.mailRow(mail.address)).toContainText(subject);
  await expect(outbox.mailRow(mail.address).getByRole('cell').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await outbox.openMessage(mail.address);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByLabel('Message text')).toHaveText(swedish ? texts.sv : texts.en);
  // Its times in the console's format (dd.MM.yyyy HH:mm:ss on the venue clock), not the API's yyyy-MM-dd.
  await expect(page.locator('dt', { hasText: 'Queued' }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
  for (const width of [1440, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`outbox-crm-mail-${width}.png`), fullPage: true });
  }
});
