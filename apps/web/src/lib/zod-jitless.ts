import { z } from 'zod';

/*
 * zod would otherwise probe `new Function` to compile its parsers: the content security policy
 * refuses it and the browser reports a violation on every page. Imported first by `main.tsx`, so it
 * is set before any schema of the contracts is built.
 */
z.config({ jitless: true });
