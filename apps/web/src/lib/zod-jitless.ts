import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may: its probe alone is an `unsafe-eval`
 * CSP violation, and the app's CSP has no `unsafe-eval` (decision 0112). Imported first by main.tsx.
 */
z.config({ jitless: true });
