/**
 * Imported first, for its effect, by the entry points whose process renders PDFs (server.ts and
 * bench/pdf.bench.ts): ES modules are evaluated in import order, so the process starts again
 * with the allocator settings and V8 flag (allocator-settings.ts) before the rest of the app is evaluated.
 */
import { execWithAllocatorSettings } from './allocator-settings.ts';

execWithAllocatorSettings();
