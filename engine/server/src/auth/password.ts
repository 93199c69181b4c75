import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_MAX, PASSWORD_MIN } from '@mes/model';
import argon2 from 'argon2';
import { AppError } from '../errors';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane — strong, and quick enough for sign-in bursts. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export { PASSWORD_MAX, PASSWORD_MIN };

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS);
}

/** Compared against a real hash even for unknown accounts, so that timing does not tell them apart. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    dummy ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummy, plain).catch(() => false);
    return false;
  }
  return argon2.verify(hash, plain).catch(() => false);
}

/** The data file of common passwords, lower-cased; read once, when a password is first chosen. */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith('#')),
  );
  return common;
}

/** Refuses a new password (chosen, reset or set at start-up) that is too short or long, blank or common. */
export function checkNewPassword(p: string): void {
  if (p.length < PASSWORD_MIN || p.length > PASSWORD_MAX)
    throw new AppError('password_length', { min: PASSWORD_MIN, max: PASSWORD_MAX }).at('Pass_Word');
  if (!p.trim()) throw new AppError('password_blank').at('Pass_Word');
  if (commonPasswords().has(p.toLowerCase())) throw new AppError('password_common').at('Pass_Word');
}
