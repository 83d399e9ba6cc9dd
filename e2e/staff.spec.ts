import { expect, test } from './fixtures';
import { StaffScreens } from './pages/StaffScreens';
import { openInApp } from './inApp';
import { apiGet, useSessionOf } from './signIn';

// Staff of Arena Sport Events (promoter2): the events flows count Nordic Live's scanners, so these flows leave them be.
// The shared CI machine is slow: axe on each screen and a console of many flows get time.
// Each run makes its own records (a run stamp keeps emails and short names unique in the shared database).
test.describe.configure({ timeout: 300_000 });
const stamp = Date.now().toString(36);
const SHOTS = '.tmp/e2e-screens';

test('when a promoter adds a scanner user and assigns two events, then the progress counts them and the scanner lists them', async ({ page }) => {
  await useSessionOf(page, 'promoter2');
  const staff = new StaffScreens(page);
  await staff.openPage('/scanner-users', 'Scanning App Users');
  expect(await staff.headers('Scanner users')).toEqual(['Name', 'Phone', 'Email', 'Status', 'Actions']);
  await page.getByRole('button', { name: 'Add Scanner' }).click();
  await expect(page.getByRole('heading', { name: 'Add Scan App User' })).toBeVisible();
  await expectAccessibleForm(staff);

  await staff.fill({ 'First Name': 'Pia', 'Last Name': `Gate ${stamp}`, Phone: '0701234567', Email: `pia.${stamp}@e2e.test`, Password: 'gate-pass-1', 'Confirm Password': 'gate-pass-2' });
  await staff.save();
  await expect(staff.fieldMessage('Confirm Password')).toHaveText('Passwords must match');
  await staff.field('Confirm Password').fill('gate-pass-1');
  await staff.save();

  await expect(page).toHaveURL('/scanner-users');
  const name = `Pia Gate ${stamp}`;
  await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
  await staff.rowAction(name, 'View');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Assigned Events', selected: true })).toBeVisible();
  await expect(page.getByText('No events are assigned yet')).toBeVisible();

  const modal = await staff.assignEvents(['Derby: AIK – Hammarby', 'Hockey Final, game 1']);
  await expect(modal.getByRole('status')).toContainText('2 of 2');
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(staff.row('Assigned events', 'Derby: AIK – Hammarby')).toBeVisible();
  await expect(staff.row('Assigned events', 'Hockey Final, game 1')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/scanner-management.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Scanner Information' }).click();
  await expect(page).toHaveURL(/\/management\/information$/);
  await expect(page.getByText(`pia.${stamp}@e2e.test`)).toBeVisible();
});

async function expectAccessibleForm(staff: StaffScreens) {
  await staff.save();
  await expect(staff.fieldMessage('First Name')).toHaveText('This field is required');
}

test('when a promoter adds a box-office user, then each of the form\'s messages shows and the user lands in their own list', async ({ page, request }) => {
  await useSessionOf(page, 'promoter2');
  const staff = new StaffScreens(page);
  await page.goto('/boxoffice-users');
  await expect(page).toHaveURL('/boxoffice-users/list');
  await expect(page.getByRole('heading', { name: 'Box Office Users' })).toBeVisible();
  expect(await staff.headers('Box-office users')).toEqual(['Name', 'Email', 'Phone', 'Status', 'Actions']);
  await expect(page.getByLabel('Promoter')).toBeHidden();

  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('heading', { name: 'Add Box Office User' })).toBeVisible();
  await staff.save();
  await expect(staff.fieldMessage('Box Office Name')).toHaveText('This field is required');
  await staff.fill({ 'Box Office Name': `Tele2 Arena ${stamp}`, 'First Name': 'Karin', 'Last Name': 'Kassa', Phone: '+46 70 555 12 12', Email: 'karin@', Password: '123' });
  await staff.field('Password').blur();
  await expect(staff.fieldMessage('Email')).toHaveText('Email you entered is invalid');
  await expect(staff.fieldMessage('Password')).toHaveText('This must be at least 6 characters long');

  // A taken email is the server's to know: its message shows beside the field and in the notification.
  await staff.fill({ Email: 'boxoffice2@demo.test', Password: 'kassa-pass-1' });
  await staff.save();
  await expect(staff.fieldMessage('Email')).toHaveText('The email has already been taken.');
  await expect(page.getByText('The email has already been taken.', { exact: true }).first()).toBeVisible();
  await expect(staff.field('Box Office Name')).toHaveValue(`Tele2 Arena ${stamp}`);

  await staff.fill({ Email: `karin.${stamp}@e2e.test` });
  await staff.save();
  await expect(page).toHaveURL('/boxoffice-users/list');
  await expect(staff.row('Box-office users', `Tele2 Arena ${stamp}`)).toBeVisible();
  const list = await apiGet<{ collection: { promoter: { name: string } }[] }>(page, request, '/api/boxoffice-users?per_page=100');
  expect(new Set(list.collection.map((u) => u.promoter.name))).toEqual(new Set(['Arena Sport Events AB']));
  await page.screenshot({ path: `${SHOTS}/boxoffice-users.png`, fullPage: true });
});

// A 240×100 PNG (the advised logo size), two colour blocks.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAPAAAABkCAIAAAA3wCqQAAABkklEQVR4nO3SQQ3AMBDAsPsP3qgV0KCNRSullsIgnudd2tA3ow3N8dOXdPz0JQENdCqggU4FNNCpgAY6FdBApwIa6FRAA50KaKBTAQ10KqCBTgU00KmABjoV0ECnAhroVEADnQpooFMBDXQqoIFOBTTQqYAGOhXQQKcCGuhUQAOdCmigUwENdCqggU4FNNCpgAY6FdBApwIa6FRAA50KaKBTAQ10KqCBTgU00KmABjoV0ECnAhroVEADnQpooFMBDXQqoIFOBTTQqYAGOhXQQKcCGuhUQAOdCmigUwENdCqggU4FNNCpgAY6FdBApwIa6FRAA50KaKBTAQ10KqCBTgU00KmABjoV0ECnAhroVEADnQpooFMBDXQqoIFOBTTQqYAGOhXQQKcCGuhUQAOdCmigUwENdCqggU4FNNCpgAY6FdBApwIa6FRAA50KaKBTAQ10KqCBTgU00KmABjoV0ECnAhroVEADnQpooFMBDXQqoIFOBTTQqYAGOhXQQKcCGuhUQAOdCmigUwENdCqggU71A5YMfGLDFfDQAAAAAElFTkSuQmCC',
  'base64',
);

test('when a promoter creates an affiliate and uploads its logo, then its branding shows it and the event links list it', async ({ page, request }) => {
  await useSessionOf(page, 'promoter2');
  const staff = new StaffScreens(page);
  // A promoter's page is titled as their menu item says (issue 24); the table keeps its name.
  await staff.openPage('/affiliates', 'Affiliate Marketing');
  expect(await staff.headers('Affiliates')).toEqual(['Name', 'Promoter', 'Short name', 'Status', 'Actions']);
  await page.getByRole('button', { name: 'Add Affiliate' }).click();
  await staff.save();
  await expect(staff.fieldMessage('Name')).toHaveText('Required!');
  await expect(staff.fieldMessage('Link short name')).toHaveText('Required!');

  await staff.fill({ Name: `Fan Radio ${stamp}`, 'Link short name': 'radionova' });
  await staff.save();
  await expect(staff.fieldMessage('Link short name')).toHaveText('The link short name has already been taken.');
  await staff.fill({ 'Link short name': `fanradio-${stamp}` });
  await staff.save();

  await expect(page).toHaveURL(/\/affiliates\/\d+\/branding$/);
  await expect(page.getByRole('tab', { name: 'Branding', selected: true })).toBeVisible();
  await expect(staff.field('Primary color')).toHaveValue('#C00000');
  await staff.field('Primary color').fill('');
  await staff.save();
  await expect(staff.fieldMessage('Primary color')).toHaveText('Color is required');
  await staff.field('Primary color').fill('#0B5394');
  await page.locator('#affiliate-logo').setInputFiles({ name: 'fanradio.png', mimeType: 'image/png', buffer: PNG });
  await staff.save();
  await expect(page.getByText('Branding saved')).toBeVisible();
  const logo = page.getByRole('img', { name: `Fan Radio ${stamp} logo` });
  await expect(logo).toHaveAttribute('src', /^\/api\/media\/\d+\/[0-9a-f]+$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await page.screenshot({ path: `${SHOTS}/affiliate-branding.png`, fullPage: true });

  const events = await apiGet<{ collection: { id: number; name: string }[] }>(page, request, '/api/events?search=Derby&per_page=10');
  const derby = events.collection.find((e) => e.name === 'Derby: AIK – Hammarby')!;
  // The event's links and the list again, in the same page, as the console's links lead there (e2e/inApp.ts).
  await openInApp(page, `/events/${derby.id}/affiliates`);
  await expect(page.getByRole('heading', { name: 'Event links' })).toBeVisible();
  await expect(staff.row('Event links', `Fan Radio ${stamp}`)).toContainText(`/events/${derby.id}?affiliate=fanradio-${stamp}`);

  // Deleting it (after a confirmation) removes it from the list and its links with it.
  await staff.openPage('/affiliates', 'Affiliate Marketing', { inApp: true });
  await staff.rowAction(`Fan Radio ${stamp}`, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete affiliate' });
  await expect(confirm).toContainText(`Delete Fan Radio ${stamp}? Its event links stop working.`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Affiliate deleted')).toBeVisible();
  await expect(staff.row('Affiliates', `Fan Radio ${stamp}`)).toBeHidden();
});

test('when an admin adds a box-office user for a promoter and edits it, then the promoter\'s list shows the new name', async ({ page }) => {
  await useSessionOf(page, 'admin');
  const staff = new StaffScreens(page);
  await staff.openPage('/boxoffice-users/add', 'Add Box Office User');
  const promoter = page.getByRole('combobox', { name: 'Promoter', exact: true });
  await promoter.click();
  await promoter.fill('aren');
  await page.getByRole('option', { name: 'Arena Sport Events AB' }).click();
  const name = `Avicii Kassa ${stamp}`;
  await staff.fill({ 'Box Office Name': name, 'First Name': 'Olle', 'Last Name': 'Kassa', Phone: '+46 70 555 34 34', Email: `olle.${stamp}@e2e.test`, Password: 'kassa-pass-2' });
  await staff.save();
  await expect(page).toHaveURL(/\/boxoffice-users\/list\?promoter=\d+$/);
  await expect(staff.row('Box-office users', name)).toBeVisible();

  await staff.rowAction(name, 'Edit');
  await expect(page.getByRole('heading', { name: 'Edit Box Office User' })).toBeVisible();
  await expect(staff.field('Email')).toHaveValue(`olle.${stamp}@e2e.test`);
  const renamed = `Avicii Kassa 2 ${stamp}`;
  await staff.fill({ 'Box Office Name': renamed });
  await staff.save();
  await expect(page).toHaveURL(/\/boxoffice-users\/list\?promoter=\d+$/);
  await expect(staff.row('Box-office users', renamed)).toBeVisible();
  await expect(staff.row('Box-office users', name)).toBeHidden();
});
