/**
 * The `trust` option: whether each resolved root is read at all, decided
 * once, when the config resolves.
 *
 * @module
 */

import { StartupError } from "../errors.ts";
import { describe } from "../_text.ts";
import type { RootToTrust } from "../options.ts";

/** Whether a root is read: each resolved root in, the decision out. */
export type TrustRule = (root: RootToTrust) => boolean;

/** The scope of the roots `trust: false` does not read: the project's. */
const PROJECT_SCOPE = "workspace";

/**
 * The `trust` option as a rule: every root trusted when it is absent or
 * `true`; every root but the project's (scope `"workspace"`) when `false`;
 * else the function's answer, which must be a boolean. `invalid_option` for
 * an option of another type, a function that throws (its error the cause)
 * or one that answers anything but a boolean.
 */
export function trustRule(trust: unknown): TrustRule {
  if (trust === undefined || trust === true) return () => true;
  if (trust === false) return (root) => root.scope !== PROJECT_SCOPE;
  if (typeof trust !== "function") {
    throw new StartupError(
      "invalid_option",
      `Option "trust" must be a boolean or a function of a root that returns one, got ${
        describe(trust)
      }`,
    );
  }
  return (root) => {
    const shown = Object.freeze({
      path: root.path,
      realPath: root.realPath,
      scope: root.scope,
      source: root.source,
    });
    let answer: unknown;
    try {
      answer = trust(shown);
    } catch (error) {
      throw new StartupError(
        "invalid_option",
        `Option "trust" threw for the root ${root.path} (scope ${
          describe(root.scope)
        }): ${
          error instanceof Error ? error.message : describe(error)
        }; it must return true or false for each root, without throwing`,
        { cause: error },
      );
    }
    if (typeof answer !== "boolean") {
      throw new StartupError(
        "invalid_option",
        `Option "trust" must return a boolean for each root, got ${
          describe(answer)
        } for the root ${root.path} (scope ${describe(root.scope)})`,
      );
    }
    return answer;
  };
}
