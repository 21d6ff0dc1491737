import { createRequire } from 'node:module';
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@travesia/contracts';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import { badRequest } from '../http/errors.js';

/**
 * The server's rule for every new password (recovery, invitation, the create-super CLI): length in
 * Unicode characters between PASSWORD_MIN_LENGTH and PASSWORD_MAX_LENGTH (ASVS 2.1.1–2.1.2), and not
 * common or guessable: zxcvbn-ts scores it against its offline lists of passwords leaked in breaches,
 * common words, names, keyboard patterns, dates and the user's own data (ASVS 2.1.7); a score
 * below 3 is refused. No composition rules (ASVS 2.1.9).
 */
export const MIN_SCORE = 3;

// Loaded (CommonJS, synchronously) on the first password checked: its word lists are not worth a start-up (decision 0550).
let factory: ZxcvbnCore.ZxcvbnFactory | undefined;
const estimator = () => {
  if (factory) return factory;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof ZxcvbnCore;
  const common = require('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
  factory = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return factory;
};

export type PasswordProblem = 'password.tooWeak' | 'password.tooLong' | 'password.tooCommon';

/** Answers what is wrong with `plain` as a new password, or null when it may be used. */
export function passwordProblem(plain: string, userInputs: string[] = []): PasswordProblem | null {
  const length = [...plain.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH) return 'password.tooWeak';
  if (length > PASSWORD_MAX_LENGTH) return 'password.tooLong';
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[@.\s_-]+/)]).filter((v) => v.length >= 3);
  return estimator().check(plain, inputs).score < MIN_SCORE ? 'password.tooCommon' : null;
}

/** Throws the field's Spanish 400 when `plain` can't be a new password. */
export function assertAcceptablePassword(plain: string, userInputs: string[] = []): void {
  const problem = passwordProblem(plain, userInputs);
  if (problem) throw badRequest(MESSAGES[problem], { password: MESSAGES[problem] }, 'PASSWORD_POLICY');
}
