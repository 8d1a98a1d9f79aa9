import type { MailMessage } from "../../mail/outbox";

/** Who turned an admin's two-factor sign-in off, as the mail to that admin says it. */
export type TurnedOffBy = "self" | "command line";

const notYou = (publicUrl: string) => [
  "If this was not you, someone else knows your password: set a new one at once, here:",
  `${publicUrl}/admin/forgot-password`,
  "and tell an owner, who can disable your account on the Team screen until it is safe again.",
];

/**
 * To an admin whose two-factor sign-in was turned off, by them on My account or for them from the server's command
 * line: from now on their password alone signs them in. Every word is the site's own but the admin's username.
 */
export function twoFactorOffMail(admin: { email: string; username: string }, by: TurnedOffBy, publicUrl: string, at: Date): MailMessage {
  return {
    to: admin.email,
    subject: "Two-factor sign-in was turned off for your HimalTech admin account",
    text: [
      `Two-factor sign-in was turned off for the HimalTech admin account ${admin.username} on ${at.toUTCString()},`,
      by === "self" ? "from My account, with your password or a code of your authenticator app." : "from the site's command line on the server.",
      "",
      "Until you set it up again, your password alone signs you in. Set it up again on My account:",
      `${publicUrl}/admin/account`,
      "",
      ...notYou(publicUrl),
    ].join("\n"),
  };
}

/**
 * To an admin whose recovery code just completed a sign-in: a code is spent, and if it was not them, their password and
 * their codes are both known to someone. `device` is the browser as the devices screen names it.
 */
export function recoveryCodeUsedMail(
  admin: { email: string; username: string },
  use: { codesLeft: number; device: string; ip: string },
  publicUrl: string,
  at: Date,
): MailMessage {
  const left = use.codesLeft === 1 ? "1 recovery code is left" : `${use.codesLeft} recovery codes are left`;
  return {
    to: admin.email,
    subject: "A recovery code was used to sign in to your HimalTech admin account",
    text: [
      `The HimalTech admin account ${admin.username} was signed in with a recovery code instead of a code of the authenticator app.`,
      "",
      `Time: ${at.toUTCString()}`,
      `Browser: ${use.device}`,
      `IP address: ${use.ip}`,
      "",
      `Each recovery code works once: ${left}. Replace them on My account when few are left, or if you lost the list:`,
      `${publicUrl}/admin/account`,
      "",
      "If this was not you, someone knows your password and one of your recovery codes: set a new password at once, here:",
      `${publicUrl}/admin/forgot-password`,
      "then replace your recovery codes on My account, and tell an owner.",
    ].join("\n"),
  };
}
