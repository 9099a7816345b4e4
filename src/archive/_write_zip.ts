/**
 * Writing a zip: fflate's `Zip`, entries in the order given, each deflated
 * whole, with a fixed time and mode, so that the same files give the same
 * bytes.
 *
 * @module
 */

import { deflateSync, Zip, ZipPassThrough } from "fflate";

/** One file to write: its path in the archive, bytes and executable bit. */
export interface ZipFile {
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly executable: boolean;
}

/**
 * A zip of the files, in the order given: deflated, each dated 1980-01-01
 * 00:00 (the earliest a zip can say; local time, as zip dates are, so the
 * bytes do not depend on the time zone), made on Unix with mode 0644, or
 * 0755 for an executable file. No folder entries.
 */
export function writeZip(files: readonly ZipFile[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  let failure: unknown;
  let ended = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk);
    if (final) ended = true;
  });
  for (const file of files) {
    const entry = new WholeDeflate(file.path);
    // What fflate's Zip writes of an entry is set on it, not passed in.
    entry.mtime = new Date(1980, 0, 1);
    entry.os = 3;
    entry.attrs = (file.executable ? 0o100755 : 0o100644) * 0x10000;
    zip.add(entry);
    entry.push(file.bytes, true);
  }
  zip.end();
  // fflate's Zip with ZipDeflate runs synchronously: all is written by now.
  if (failure !== undefined) throw failure;
  if (!ended) throw new Error("fflate's Zip did not finish synchronously");
  const out = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * A zip entry deflated whole, with `deflateSync`, as fflate's documented
 * way to subclass `ZipPassThrough` allows: fflate 0.8.3's streaming
 * `ZipDeflate` writes streams that do not inflate for some files (a font of
 * anthropics/skills' canvas-design gives "invalid distance too far back" in
 * zlib too). Each file is pushed once, whole.
 */
class WholeDeflate extends ZipPassThrough {
  constructor(path: string) {
    super(path);
    this.compression = 8;
  }

  protected override process(
    chunk: Uint8Array<ArrayBuffer>,
    final: boolean,
  ): void {
    this.ondata(null, deflateSync(chunk, { level: 6 }), final);
  }
}
