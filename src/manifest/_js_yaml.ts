/**
 * js-yaml, from this one module: the npm bin puts in its place one that loads
 * it on first use (scripts/_npm_bin.ts).
 *
 * @module
 */

import * as jsYamlModule from "js-yaml";

/** The js-yaml module. */
export function jsYaml(): typeof jsYamlModule {
  return jsYamlModule;
}
