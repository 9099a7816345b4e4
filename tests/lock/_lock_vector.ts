// The test vector of docs/integrity.md, shared by the tests that check it
// (tests/lock/lock_digest_test.ts, tests/lock/process/lock_test.ts).

/** The files of the vector, under `demo/`. */
export const VECTOR_FILES: Record<string, string> = {
  "demo/SKILL.md": "---\nname: demo\ndescription: A demo.\n---\nBody.\n",
  "demo/scripts/run.py": "print('hi')\n",
  "demo/Z.md": "upper\n",
  "demo/\u00e9.txt": "e\n",
  "demo/\ufb01.txt": "fi\n",
  "demo/\u{1f600}.txt": "smile\n",
  "demo/empty.txt": "",
};

/** The skill digest docs/integrity.md gives for the vector. */
export const VECTOR_DIGEST =
  "sha256:148b1094df9a57cab08c8e3a9a1d3ea12b281532941f13bc5c4d492ab7f99261";
