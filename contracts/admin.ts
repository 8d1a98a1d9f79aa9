import type { AdminRole } from "./admin-roles";
import { SerialIdParams } from "./ids";
import { z } from "./zod";

export const AdminLoginSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(100),
  password: z.string().min(1, "Password is required").max(1024),
});

/**
 * What the admin login answers: `registering` while the device waits for approval, `second_factor` when the
 * password was right and a code is still to come, `error` on failure.
 */
export interface AdminLoginResponse {
  success?: boolean;
  registering?: boolean;
  second_factor?: boolean;
  error?: string;
  /** With an error of the code step: the sign-in cannot go on, the password is asked again. */
  restart?: boolean;
}

export const DeviceDecisionSchema = z.object({ decision: z.enum(["approve", "reject"]) });

export const DeviceIdParams = SerialIdParams;

export interface AdminDevice {
  id: number;
  username: string;
  status: "pending" | "approved" | "revoked";
  browser: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string | null;
}

/** The second step of a sign-in: the authenticator's six-digit code, or one of the recovery codes. */
export const SecondFactorSchema = z
  .object({
    code: z.string().trim().max(20).optional(),
    recovery_code: z.string().trim().max(40).optional(),
  })
  .refine((body) => Boolean(body.code) !== Boolean(body.recovery_code), { message: "Enter the code from your authenticator app, or a recovery code." });

export const PasswordChangeSchema = z.object({
  current_password: z.string().min(1, "Enter your current password").max(1024),
  new_password: z.string().min(1, "Enter a new password").max(1024),
});

export const TotpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3}$/, "Enter the 6-digit code from your authenticator app."),
});

/**
 * Proof that the person at the keyboard is the admin, before two-factor sign-in is turned off or its codes
 * replaced: the password or a code of the app. Cancelling a set-up never confirmed needs neither.
 */
export const ReauthSchema = z.object({
  password: z.string().max(1024).optional(),
  code: z.string().trim().max(20).optional(),
});

export const RequireTwoFactorSchema = z.object({ required: z.boolean() });

export type TwoFactorState = "off" | "setting_up" | "on";

/** The signed-in admin's own security: two-factor state, recovery codes left and, while setting up, the secret to scan. */
export interface AdminAccount {
  username: string;
  email: string;
  role: AdminRole;
  two_factor: TwoFactorState;
  recovery_codes_left: number;
  require_two_factor: boolean;
  setup: { secret: string; uri: string; qr_svg: string } | null;
}

/** Shown once, when two-factor sign-in is confirmed or the codes are replaced; only their hashes are kept. */
export interface RecoveryCodes {
  recovery_codes: string[];
}
