import { readFileSync } from "node:fs";
import { hash, verify, type Options } from "@node-rs/argon2";

/** argon2id with the parameters docs/design.md sets (m=19456 KiB, t=2, p=1). */
const ARGON2: Options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const commonPasswords = new Set(
  readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith("#")),
);

/** Why a password may not be used, or undefined when it may. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  if (commonPasswords.has(password.toLowerCase())) return "This password is too common. Choose one that is harder to guess.";
  return undefined;
}

export const hashPassword = (password: string) => hash(password, ARGON2);
/** An account with no password (none chosen yet by whoever proved the address) takes the decoy's time to refuse. */
export const verifyPassword = (passwordHash: string | null, password: string) =>
  passwordHash === null ? verifyAgainstDecoy(password) : verify(passwordHash, password);

/**
 * A hash to verify against when there is no account, so that an unknown name and a wrong password
 * take the same time to answer.
 */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword("decoy-password-never-used");
  await verify(await decoy, password);
  return false;
}
