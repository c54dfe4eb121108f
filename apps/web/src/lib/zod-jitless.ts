import { z } from 'zod';

/*
 * zod would otherwise probe `new Function` to compile its parsers: the content security policy
 * refuses it and the browser reports a violation on every page. The build puts this module in zod's
 * own chunk (vite.config.ts), which every chunk building the contracts' schemas runs after, so it is
 * set before the first schema is built; `main.tsx` imports it first for the tests and the dev server.
 */
z.config({ jitless: true });
