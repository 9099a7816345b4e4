/**
 * js-yaml, as the YAML step and the repairs take it: from this one module,
 * so that the npm build's bin can put in its place a copy that loads it on
 * first use (scripts/build_npm.ts), where the YAML fast path reads every
 * manifest without it.
 *
 * @module
 */

import * as jsYamlModule from "js-yaml";

/** The js-yaml module. */
export function jsYaml(): typeof jsYamlModule {
  return jsYamlModule;
}
