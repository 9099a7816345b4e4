/**
 * The filesystem backend, chosen once: Deno's own calls where the runtime
 * is Deno, node:fs's elsewhere (as std's path/join.ts picks posix or
 * windows). One interface, `Backend`; `tests/fs/fs_test.ts` runs against each
 * runtime's.
 *
 * @module
 */

import { denoBackend } from "./_deno.ts";
import { nodeBackend } from "./_node.ts";
import type { Backend } from "./_types.ts";

/** The backend of this runtime. */
export const backend: Backend = denoBackend ?? nodeBackend;
