import { ADMIN_ROLES, type AdminRole } from "./admin-roles";
import { SerialIdParams } from "./ids";
import { z } from "./zod";

/** How long an invitation link and a password-reset link work. */
export const INVITE_TTL_HOURS = 72;
export const RESET_TTL_MINUTES = 60;

const email = z.string().trim().toLowerCase().min(1, "Enter an e-mail address.").max(254).pipe(z.email("Enter a valid e-mail address."));
/** A token as mailed: base64url of 32 random bytes; anything else names no invitation or reset. */
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Not a valid link");

export const AdminRoleSchema = z.enum(ADMIN_ROLES);
export const InviteSchema = z.object({ email, role: AdminRoleSchema });
export const RoleChangeSchema = z.object({ role: AdminRoleSchema });
export const TeamAdminParams = SerialIdParams;
export const InviteParams = SerialIdParams;
export const TokenParams = z.object({ token });

/** What the invitee chooses on the invitation page; the server applies the CLI's username and password rules. */
export const AcceptInviteSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(100),
  password: z.string().min(1, "Password is required").max(1024),
});

export const ForgotPasswordSchema = z.object({ account: z.string().trim().min(1, "Enter your username or e-mail address").max(254) });
export const ResetPasswordSchema = z.object({ password: z.string().min(1, "Password is required").max(1024) });

/** The one answer to a forgotten-password request, whether or not such an admin exists. */
export const FORGOT_PASSWORD_ANSWER =
  "If that username or e-mail address belongs to an admin, we have sent a link to set a new password. It works once, for one hour.";

export interface TeamMember {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
  active: boolean;
  two_factor: boolean;
  last_login_at: string | null;
  created_at: string;
}

/**
 * The team always keeps an active owner: the last one cannot be given another role, disabled or removed (the
 * server refuses each with a 409), so the team screen does not offer it.
 */
export const isLastActiveOwner = (member: TeamMember, admins: readonly TeamMember[]) =>
  member.role === "owner" && member.active && admins.filter((admin) => admin.role === "owner" && admin.active).length <= 1;

export interface PendingInvite {
  id: number;
  email: string;
  role: AdminRole;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}

export interface TeamOverview {
  admins: TeamMember[];
  invites: PendingInvite[];
}

/** What the team screen's forms can ask, by the `intent` each posts, and the API call behind it. */
type TeamIntent = "invite" | "revoke" | "resend" | "role" | "disable" | "enable" | "remove";

/**
 * A team form's fields as the API call it stands for (path below /api/, JSON body). The screen's forms post
 * to the page with or without the script, and its action makes this call (decision 029).
 */
export function teamCall(fields: Record<string, string>): { path: string; body: Record<string, string> } | undefined {
  const id = fields.id ?? "";
  switch (fields.intent as TeamIntent) {
    case "invite":
      return { path: "admin/team/invites/", body: { email: fields.email ?? "", role: fields.role ?? "" } };
    case "revoke":
    case "resend":
      return { path: `admin/team/invites/${encodeURIComponent(id)}/${fields.intent}/`, body: {} };
    case "role":
      return { path: `admin/team/admins/${encodeURIComponent(id)}/role/`, body: { role: fields.role ?? "" } };
    case "disable":
    case "enable":
    case "remove":
      return { path: `admin/team/admins/${encodeURIComponent(id)}/${fields.intent}/`, body: {} };
    default:
      return undefined;
  }
}
