import type { AdminRole } from "#contracts/admin-roles.ts";

/** What each role may do, as the team screen explains it next to the choice. */
export const roleDescriptions: Record<AdminRole, string> = {
  owner: "Everything, including the team, devices, exports and the audit log",
  editor: "Blog posts and categories",
  recruiter: "Jobs and applications",
  support: "Enquiries, meetings, newsletter subscribers and campaigns",
};

export const teamCopy = {
  heading: "Team",
  inviteHeading: "Invite an admin",
  inviteIntro:
    "We mail them a link that works once, for 72 hours. They choose a username and a password, then sign in; their browser needs approval like any new one.",
  email: "E-mail address",
  role: "Role",
  invite: "Send invitation",
  adminsHeading: "Admins",
  adminsCaption: "Admins, their roles and their sign-ins",
  adminColumns: ["Username", "E-mail", "Role", "Status", "Two-factor", "Last sign-in", "Actions"],
  you: "(you)",
  active: "Active",
  disabled: "Disabled",
  twoFactorOn: "On",
  twoFactorOff: "Off",
  never: "Never",
  roleOf: (username: string) => `Role of ${username}`,
  changeRole: "Change role",
  changeRoleOf: (username: string) => `Change role of ${username}`,
  disable: "Disable",
  enable: "Enable",
  remove: "Remove",
  actionOn: (action: string, username: string) => `${action} ${username}`,
  confirmRemove: (username: string) => `Remove ${username} from the team? Their account, devices and sessions go; the audit log keeps their name.`,
  lastOwner: "Last active owner",
  lastOwnerNote: (username: string) =>
    `${username} is the team's last active owner: their role stays Owner, and they cannot be disabled or removed. Make another admin an owner first.`,
  confirmDisable: (username: string) => `Disable ${username}? They are signed out everywhere and cannot sign in until enabled again.`,
  invitesHeading: "Pending invitations",
  invitesCaption: "Invitations not yet accepted",
  inviteColumns: ["E-mail", "Role", "Invited by", "Expires", "Actions"],
  noInvites: "No invitation is waiting.",
  resend: "Resend",
  revoke: "Revoke",
  unknownAction: "That change is not one this screen makes.",
} as const;

export const inviteCopy = {
  title: "Join the HimalTech admin",
  intro: (email: string, role: string) => `You were invited as ${role} with the address ${email}. Choose the username and password you will sign in with.`,
  gone: "This invitation link is invalid, used, revoked or expired. Ask an owner for a new one.",
  username: "Username",
  usernameHint: "3 to 40 letters, digits, dots, dashes or underscores.",
  password: "Password",
  passwordHint: "At least 8 characters, and not a common password.",
  submit: "Create my account",
  signIn: "Go to admin sign-in",
} as const;

export const forgotCopy = {
  link: "Forgot password?",
  title: "Forgot your admin password?",
  intro: "Enter your username or e-mail address. If it belongs to an admin, we mail a link to set a new password.",
  account: "Username or e-mail address",
  submit: "Send the link",
  back: "Back to admin sign-in",
} as const;

export const resetCopy = {
  title: "Set a new admin password",
  intro: (username: string) => `Choose a new password for ${username}. Every session of this account ends when it is set.`,
  gone: "This password link is invalid, used or expired. Ask for a new one.",
  askAgain: "Ask for a new link",
  password: "New password",
  confirm: "Repeat the new password",
  mismatch: "The two passwords are not the same.",
  submit: "Set the password",
  signIn: "Go to admin sign-in",
} as const;

export const auditFilterCopy = {
  who: "Person",
  anyone: "Anyone",
  action: "Action",
  anyAction: "Any action",
  from: "From",
  to: "To",
  apply: "Apply filters",
  clear: "Clear filters",
  badQuery: "Those filters could not be read, so the whole log is shown.",
} as const;
