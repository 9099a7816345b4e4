// lockPolicy() makes a lock into the `lock` option, and the option takes
// nothing else: a lock itself (as the option took it before), a plain
// object, a look-alike of a policy or a copy of one is refused with
// invalid_option, saying how to make one. A policy is frozen and holds no
// state of its own: one serves any number of instances, each warning to its
// own sink.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentSkillsOptions,
  createAgentSkills,
  resolveConfig,
  SkillError,
  type SkillLockPolicy,
  StartupError,
} from "@clarvis/agent-skills";
import {
  createSkillLock,
  lockPolicy,
  type LockPolicyOptions,
  parseSkillLock,
  type SkillLock,
  skillsListing,
  verifySkillLock,
} from "@clarvis/agent-skills/lock";
import { codes, manifest, options, tempTrees } from "../_helpers.ts";

const tree = tempTrees();

/** A root of one skill with a resource, and its lock. */
function locked(): { root: string; lock: SkillLock } {
  const root = tree({
    "pdf/SKILL.md": manifest("pdf"),
    "pdf/forms.md": "# forms\n",
  });
  const { lock, problems } = createSkillLock(options(root).options);
  assert.deepEqual(problems, []);
  return { root, lock };
}

const HINT =
  "make it with lockPolicy(parseSkillLock(text)) from @clarvis/agent-skills/lock";

/** Asserts `run` throws invalid_option for the `lock` option of `owner`. */
function refusedOption(run: () => unknown, owner: string): void {
  assert.throws(run, (error) => {
    assert.ok(error instanceof StartupError, String(error));
    assert.equal(error.code, "invalid_option");
    assert.match(
      error.message,
      new RegExp(
        `^Option "lock" of ${owner} must be a lock policy made by lockPolicy\\(\\)`,
      ),
    );
    assert.ok(error.message.endsWith(HINT), error.message);
    return true;
  });
}

/** Asserts `run` throws a StartupError of `code` whose message matches. */
function refused(run: () => unknown, code: string, pattern: RegExp): void {
  assert.throws(run, (error) => {
    assert.ok(error instanceof StartupError, String(error));
    assert.equal(error.code, code);
    assert.match(error.message, pattern);
    return true;
  });
}

describe("the lock option", () => {
  it("refuses a lock given as it is, as the option took it before", () => {
    const { root, lock } = locked();
    const opts = options(root, { lock: lock as unknown as SkillLockPolicy });
    refusedOption(() => createAgentSkills(opts.options), "createAgentSkills");
    // Parsed from its file's text, it is still a lock, not a policy.
    const parsed = parseSkillLock(JSON.stringify(lock));
    refusedOption(
      () =>
        createAgentSkills({
          ...opts.options,
          lock: parsed as unknown as SkillLockPolicy,
        }),
      "createAgentSkills",
    );
    assert.deepEqual(opts.warnings, []);
  });

  it("refuses a plain object of a policy's fields, and a copy of a policy", () => {
    const { root, lock } = locked();
    const policy = lockPolicy(lock);
    const lookAlikes: unknown[] = [
      { mode: "enforce", verify: "lazy" },
      Object.freeze({ mode: "report", verify: "eager" }),
      { ...policy },
      Object.create(policy),
      structuredClone(policy),
      new Proxy(policy, {}),
      Object.assign(Object.create(null), policy),
    ];
    for (const forged of lookAlikes) {
      refusedOption(
        () =>
          createAgentSkills({
            ...options(root).options,
            lock: forged as SkillLockPolicy,
          }),
        "createAgentSkills",
      );
    }
  });

  it("refuses what is no object, its text and terminal controls escaped", () => {
    const { root, lock } = locked();
    for (
      const value of [
        JSON.stringify(lock),
        "\u001b[31mred\u202e",
        true,
        0,
        null,
        [],
        () => lockPolicy(lock),
      ]
    ) {
      assert.throws(
        () =>
          createAgentSkills({
            ...options(root).options,
            lock: value as unknown as SkillLockPolicy,
          }),
        (error) => {
          assert.ok(error instanceof StartupError, String(error));
          assert.equal(error.code, "invalid_option");
          assert.ok(error.message.endsWith(HINT), error.message);
          // deno-lint-ignore no-control-regex
          assert.doesNotMatch(error.message, /[\u0000-\u001f\u202e]/);
          assert.ok(error.message.length < 400 + HINT.length);
          return true;
        },
      );
    }
  });

  it("is refused so by every function that takes the options, naming it", () => {
    const { root, lock } = locked();
    const raw = {
      ...options(root).options,
      lock: lock as unknown as SkillLockPolicy,
    };
    refusedOption(() => resolveConfig(raw), "resolveConfig");
    refusedOption(() => createSkillLock(raw), "createSkillLock");
    refusedOption(() => verifySkillLock(lock, raw), "verifySkillLock");
    refusedOption(() => skillsListing(raw), "skillsListing");
  });

  it("reads the option once: a getter cannot swap the policy after the check", () => {
    const { root, lock } = locked();
    const policy = lockPolicy(lock);
    let reads = 0;
    const opts: AgentSkillsOptions = {
      ...options(root).options,
      get lock(): SkillLockPolicy {
        reads++;
        return reads === 1
          ? policy
          : { mode: "report", verify: "lazy" } as SkillLockPolicy;
      },
    };
    const skills = createAgentSkills(opts);
    assert.equal(reads, 1);
    assert.equal(skills.config.lock, policy);
  });

  it("shows the policy's mode and verify in config.lock, and nothing else", () => {
    const { root, lock } = locked();
    const policy = lockPolicy(lock, { mode: "report", verify: "eager" });
    assert.ok(Object.isFrozen(policy));
    const skills = createAgentSkills({
      ...options(root).options,
      lock: policy,
    });
    assert.equal(skills.config.lock, policy);
    assert.deepEqual(Object.keys(policy), ["mode", "verify"]);
    assert.equal(
      JSON.stringify(skills.config.lock),
      '{"mode":"report","verify":"eager"}',
    );
    assert.deepEqual(
      resolveConfig({ ...options(root).options }).lock,
      undefined,
    );
  });
});

describe("lockPolicy()", () => {
  it("defaults to enforce and lazy", () => {
    const { lock } = locked();
    const policy = lockPolicy(lock);
    assert.equal(policy.mode, "enforce");
    assert.equal(policy.verify, "lazy");
    assert.equal(lockPolicy(lock, {}).mode, "enforce");
  });

  it("refuses a mode or a verify that is not one, naming it", () => {
    const { lock } = locked();
    refused(
      () => lockPolicy(lock, { mode: "warn" as "report" }),
      "invalid_option",
      /Option "mode" must be "enforce" or "report", got "warn"/,
    );
    refused(
      () => lockPolicy(lock, { verify: "always" as "eager" }),
      "invalid_option",
      /Option "verify" must be "lazy" or "eager", got "always"/,
    );
    refused(
      () => lockPolicy(lock, { verify: null as unknown as "eager" }),
      "invalid_option",
      /got null/,
    );
  });

  it("refuses an option it does not take, naming the one it took instead", () => {
    const { lock } = locked();
    refused(
      () => lockPolicy(lock, { lockMode: "report" } as LockPolicyOptions),
      "invalid_option",
      /^lockPolicy has no option "lockMode": did you mean "mode"\? .*mode, verify$/,
    );
    refused(
      () => lockPolicy(lock, { lockVerify: "eager" } as LockPolicyOptions),
      "invalid_option",
      /did you mean "verify"\?/,
    );
    refused(
      () =>
        lockPolicy(lock, { [Symbol("mode")]: "report" } as LockPolicyOptions),
      "invalid_option",
      /lockPolicy has no option Symbol\(mode\)/,
    );
  });

  it("refuses options that are not a plain object, and a getter that throws", () => {
    const { lock } = locked();
    for (const given of ["report", [], null, new Map()]) {
      refused(
        () => lockPolicy(lock, given as LockPolicyOptions),
        "invalid_option",
        /The options of lockPolicy must be/,
      );
    }
    const throwing = Object.defineProperty({}, "mode", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    refused(
      () => lockPolicy(lock, throwing as LockPolicyOptions),
      "invalid_option",
      /Option "mode" could not be read \(boom\)/,
    );
  });

  it("checks its options before the lock, and the lock as the option did", () => {
    refused(
      () => lockPolicy({} as SkillLock, { mode: "warn" as "report" }),
      "invalid_option",
      /Option "mode"/,
    );
    refused(
      () =>
        lockPolicy({ agentSkillsLock: 2, skills: [] } as unknown as SkillLock),
      "invalid_lock",
      /^Option "lock" is not a skill lock: agentSkillsLock must be 1/,
    );
    refused(
      () => lockPolicy(undefined as unknown as SkillLock),
      "invalid_lock",
      /the lock must be an object, got undefined/,
    );
    // A policy is no lock either.
    const { lock } = locked();
    refused(
      () => lockPolicy(lockPolicy(lock) as unknown as SkillLock),
      "invalid_lock",
      /has a field it may not have: "mode"/,
    );
  });

  it("keeps the lock it was given: a change to that object after is not seen", () => {
    const { root, lock } = locked();
    // Plain data, as a host may build or hold it, and change it after.
    const data = JSON.parse(JSON.stringify(lock)) as {
      skills: Array<{ name: string; files: Array<{ digest: string }> }>;
    };
    const policy = lockPolicy(data as unknown as SkillLock);
    const other = data.skills[0] as (typeof data.skills)[0];
    other.name = "other";
    (other.files[0] as { digest: string }).digest = `sha256:${"0".repeat(64)}`;
    data.skills.length = 0;
    const skills = createAgentSkills({
      ...options(root).options,
      lock: policy,
    });
    assert.deepEqual(skills.listSkills().map((skill) => skill.name), ["pdf"]);
    assert.equal(
      new TextDecoder().decode(skills.readResource("pdf", "forms.md")),
      "# forms\n",
    );
  });
});

describe("a lock policy over two instances", () => {
  it("serves both, each warning to its own sink under report", () => {
    const { root, lock } = locked();
    const policy = lockPolicy(lock, { mode: "report" });
    const first = options(root, { lock: policy });
    const second = options(root, { lock: policy });
    const a = createAgentSkills(first.options);
    const b = createAgentSkills(second.options);
    assert.deepEqual(a.listSkills().map((skill) => skill.name), ["pdf"]);
    assert.deepEqual(b.listSkills().map((skill) => skill.name), ["pdf"]);
    writeFileSync(join(root, "pdf", "forms.md"), "# changed\n");
    a.readResource("pdf", "forms.md");
    assert.deepEqual(codes(first.warnings), ["integrity_mismatch"]);
    assert.deepEqual(codes(second.warnings), []);
    b.readResource("pdf", "forms.md");
    assert.deepEqual(codes(second.warnings), [
      "integrity_mismatch",
    ]);
    assert.equal(first.warnings.length, 1);
  });

  it("refuses in both under enforce, and each refresh() holds to it", () => {
    const { root, lock } = locked();
    const policy = lockPolicy(lock, { verify: "eager" });
    const a = createAgentSkills(options(root, { lock: policy }).options);
    const b = createAgentSkills(options(root, { lock: policy }).options);
    writeFileSync(join(root, "pdf", "forms.md"), "# changed\n");
    for (const skills of [a, b]) {
      assert.throws(
        () => skills.readResource("pdf", "forms.md"),
        (error) =>
          error instanceof SkillError && error.code === "integrity_mismatch",
      );
      assert.deepEqual(skills.refresh().removed, ["pdf"]);
      assert.deepEqual(skills.listSkills(), []);
    }
  });
});
