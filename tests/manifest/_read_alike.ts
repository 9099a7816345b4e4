// What the fast path's tests of one form share: read a frontmatter with the
// fast path and hold it to what js-yaml reads (simple_yaml_escapes_test,
// simple_yaml_flow_test).

import assert from "node:assert/strict";
import { simpleYaml } from "../../src/manifest/_simple_yaml.ts";
import { jsYaml, same } from "./_yaml_fuzz.ts";

/** `yaml` for a message: its first 200 characters. */
export function shown(yaml: string): string {
  return JSON.stringify(yaml.slice(0, 200));
}

/** What the fast path reads of `yaml`, after checking js-yaml reads the same. */
export function readAlike(yaml: string): unknown {
  const fast = simpleYaml(yaml);
  assert.notEqual(fast, undefined, `left to js-yaml: ${shown(yaml)}`);
  const js = jsYaml(yaml);
  assert.ok("value" in js, `js-yaml throws on ${shown(yaml)}`);
  assert.ok(same(fast, js.value), `${shown(yaml)}: ${JSON.stringify(fast)}`);
  return fast;
}
