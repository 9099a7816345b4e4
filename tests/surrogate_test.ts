// A lone surrogate (U+D800-U+DFFF without its pair) from disk: no output can
// encode it (a terminal or a file would get U+FFFD), so every output writes
// it as a visible escape that reads back.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { main } from "@clarvis/agent-skills/cli";
import {
  type CatalogFormat,
  renderActivation,
  renderCatalog,
} from "@clarvis/agent-skills";
import { fromXmlText } from "../src/prompt/_format.ts";
import { oneLineSafe } from "../src/_text.ts";
import { safeJson } from "../src/cli/json.ts";
import { manifest, skillInfo, tempTrees } from "./_helpers.ts";

const tree = tempTrees();

/** A lone surrogate of either half, raw. */
const LONE = /\p{Cs}/u;

describe("a lone surrogate", () => {
  it("is \\ud800 on a terminal, and a pair stays one character", () => {
    assert.equal(oneLineSafe("a\ud800b\udc41c😀"), "a\\ud800b\\udc41c😀");
  });

  it("is JSON's \\ud800 in JSON output", () => {
    assert.equal(safeJson("a\ud800"), '"a\\ud800"');
  });

  it("is an escape in show and catalog, never U+FFFD", async () => {
    // YAML's escapes in a double-quoted scalar: a UTF-8 file cannot hold one.
    const root = tree({
      "pdf/SKILL.md": manifest("pdf", '"a\\ud800b \\udc41 c"'),
    });
    const out = async (args: string[]): Promise<string> => {
      let stdout = "";
      await main(args, {
        stdout: (text) => (stdout += text),
        stderr: () => {},
        color: false,
        columns: 100,
        cwd: "/",
      });
      return stdout;
    };
    const show = await out(["show", "pdf", root]);
    assert.ok(show.includes("a\\ud800b \\udc41 c"), show);
    const catalog = await out(["catalog", root]);
    assert.ok(
      catalog.includes("<description>a\\uD800b \\uDC41 c</description>"),
      catalog,
    );
    for (const text of [show, catalog]) {
      assert.ok(!LONE.test(text) && !text.includes("\uFFFD"), text);
    }
  });

  for (
    const [format, written] of [
      ["xml", "<description>a\\uD800b\\uDC41 &#x005C;uD800</description>"],
      ["markdown", "- pdf: a\\u{D800}b\\u{DC41} \\\\uD800"],
      ["json", '"description": "a\\ud800b\\udc41 \\\\uD800"'],
    ] as const
  ) {
    it(`is a visible escape in a ${format} catalog, a text \\uD800 kept apart`, () => {
      const { text } = renderCatalog(
        [skillInfo("pdf", "a\ud800b\udc41 \\uD800")],
        { format: format as CatalogFormat },
      );
      assert.ok(text.includes(written), text);
      assert.ok(!LONE.test(text), text);
      // XML has no reference to a surrogate: none is written.
      assert.doesNotMatch(text, /&#xD[89A-F][0-9A-F]{2};/);
    });
  }

  it("reads back from XML text exactly, the text \\uD800 apart from the surrogate", () => {
    const { text } = renderCatalog(
      [skillInfo("pdf", "a\ud800b\udc41 \\uD800 \\ud83d \\\\uDBFF")],
    );
    const description = /<description>(.*)<\/description>/.exec(text)?.[1];
    assert.equal(
      fromXmlText(description ?? ""),
      "a\ud800b\udc41 \\uD800 \\ud83d \\\\uDBFF",
    );
  });

  it("is \\uD800 in an activation payload's body, name and files, and reads back", () => {
    const { text } = renderActivation({
      ...skillInfo("p\udc41"),
      body: "x\ud800 \\uD800 $0",
      resources: ["f\udbff.md"],
    }, { arguments: ["\udc00"] });
    assert.ok(!LONE.test(text), text);
    assert.ok(text.startsWith('<skill_content name="p\\uDC41">\n'), text);
    assert.ok(text.includes("\nx\\uD800 &#x005C;uD800 \\uDC00\n"), text);
    assert.ok(text.includes("<file>f\\uDBFF.md</file>"), text);
    assert.equal(
      fromXmlText("x\\uD800 &#x005C;uD800 \\uDC00"),
      "x\ud800 \\uD800 \udc00",
    );
  });
});
