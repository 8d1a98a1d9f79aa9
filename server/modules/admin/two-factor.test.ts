import { describe, expect, it } from "vitest";
import { codeStep, newRecoveryCodes, newTotpSecret, openSecret, openSecretOrNull, recoveryCodeHash, sealSecret, totpFor } from "./two-factor";

const SITE_SECRET = "test-secret-key-that-is-long-enough-0123456789";

describe("sealed TOTP secrets", () => {
  it("open with the site secret they were sealed with, and with no other", () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(SITE_SECRET, secret);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(SITE_SECRET, secret)).not.toBe(sealed);
    expect(openSecret(SITE_SECRET, sealed)).toBe(secret);
    expect(openSecretOrNull(`${SITE_SECRET}-rotated`, sealed)).toBeNull();
    expect(openSecretOrNull(SITE_SECRET, sealed.slice(0, -2))).toBeNull();
  });
});

describe("codes", () => {
  it("accept the current step's code and its neighbours', nothing further off", () => {
    const totp = totpFor(newTotpSecret(), "asha");
    const at = new Date("2026-11-25T12:00:10Z");
    const step = Math.floor(at.getTime() / 30_000);
    const codeOf = (offsetSteps: number) => totp.generate({ timestamp: at.getTime() + offsetSteps * 30_000 });
    expect(codeStep(totp, codeOf(0), at)).toBe(step);
    expect(codeStep(totp, codeOf(-1), at)).toBe(step - 1);
    expect(codeStep(totp, `${codeOf(1).slice(0, 3)} ${codeOf(1).slice(3)}`, at)).toBe(step + 1);
    // A neighbour two steps off could share its digits with a nearer one; these three cannot all.
    const far = [codeOf(-3), codeOf(3), codeOf(5)].filter((code) => ![codeOf(-1), codeOf(0), codeOf(1)].includes(code));
    for (const code of far) expect(codeStep(totp, code, at)).toBeNull();
    expect(codeStep(totp, "12345", at)).toBeNull();
  });

  it("recovery codes are ten distinct, unambiguous codes whose hash ignores case, spaces and dashes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const code = codes[0]!;
    expect(recoveryCodeHash(SITE_SECRET, ` ${code.toUpperCase().replace("-", " ")} `)).toBe(recoveryCodeHash(SITE_SECRET, code));
    expect(recoveryCodeHash(`${SITE_SECRET}-other`, code)).not.toBe(recoveryCodeHash(SITE_SECRET, code));
  });
});
