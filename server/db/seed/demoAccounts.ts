/**
 * The demo sign-ins, printed by `npm start` and listed in README.md. For the embedded demo only: a production
 * server refuses to seed them (server/config.ts).
 */
export interface DemoAccount {
  key: string;
  type: 'admin' | 'promoter' | 'corporate' | 'boxoffice' | 'scanner';
  email: string;
  password: string;
  name: string;
  /** Index into DEMO_PROMOTERS, for staff of a promoter. */
  promoter?: number;
}

export const DEMO_PROMOTERS = [
  { name: 'Nordic Live AB', organization_number: '556677-8899', address: 'Sveavägen 10', city: 'Stockholm', postcode: '111 57', phone: '+46812345678', email: 'info@nordiclive.demo' },
  { name: 'Arena Sport Events AB', organization_number: '556123-4567', address: 'Mässans gata 20', city: 'Göteborg', postcode: '412 51', phone: '+46311234567', email: 'info@arenasport.demo' },
] as const;

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { key: 'admin', type: 'admin', email: 'admin@demo.test', password: 'admin-demo-1', name: 'Astrid Admin' },
  { key: 'promoter', type: 'promoter', email: 'promoter@demo.test', password: 'promoter-demo-1', name: 'Nordic Live AB', promoter: 0 },
  { key: 'promoter2', type: 'promoter', email: 'promoter2@demo.test', password: 'promoter-demo-2', name: 'Arena Sport Events AB', promoter: 1 },
  { key: 'corporate', type: 'corporate', email: 'corporate@demo.test', password: 'corporate-demo-1', name: 'Volvo Hospitality', promoter: 0 },
  { key: 'corporate2', type: 'corporate', email: 'corporate2@demo.test', password: 'corporate-demo-2', name: 'Ericsson Guests', promoter: 1 },
  { key: 'boxoffice', type: 'boxoffice', email: 'boxoffice@demo.test', password: 'boxoffice-demo-1', name: 'Globen Box Office', promoter: 0 },
  { key: 'boxoffice2', type: 'boxoffice', email: 'boxoffice2@demo.test', password: 'boxoffice-demo-2', name: 'Ullevi Box Office', promoter: 1 },
  { key: 'scanner', type: 'scanner', email: 'scanner@demo.test', password: 'scanner-demo-1', name: 'Gate A Scanner', promoter: 0 },
  { key: 'scanner2', type: 'scanner', email: 'scanner2@demo.test', password: 'scanner-demo-2', name: 'Gate B Scanner', promoter: 1 },
];

/** The accounts a person signs in with at the console (scanners use the scanning app). */
export const CONSOLE_DEMO_ACCOUNTS = DEMO_ACCOUNTS.filter((a) => a.type !== 'scanner');
