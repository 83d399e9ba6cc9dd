import { createServer } from 'vite';
import { startServer } from './main';

// `npm run dev`: the API on PORT (default 3000) and Vite with hot reload on 5173, proxying /api to it.
await startServer(undefined, { serveConsole: false });
const vite = await createServer({ server: { port: 5173 } });
await vite.listen();
vite.printUrls();
