import { z } from "zod";

/**
 * zod compiles fast object parsers with `new Function`, and probes for it when a schema is built. The
 * content security policy forbids eval, so the probe alone sent a CSP violation report on every page
 * (Lighthouse best practices). Parse without it: this module is the web entry's first import, and the
 * build puts it in the chunk that holds zod (vite.config.ts), so it runs before any chunk of ours
 * builds a schema, in whichever order the browser loads them.
 */
z.config({ jitless: true });
