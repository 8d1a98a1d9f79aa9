import type { AccountAction, AccountState } from "#contracts/admin-users.ts";

/** The users screen's words. */
export const usersCopy = {
  heading: "Site accounts",
  caption: "Accounts visitors created, newest first",
  columns: ["Email", "Name", "Verified", "Created", "Last sign-in", "Status", "Actions"],
  search: "Search by email",
  searchPlaceholder: "name@example.com",
  state: "Show",
  all: "All accounts",
  states: { verified: "Verified", unverified: "Unverified", disabled: "Disabled" } satisfies Record<AccountState, string>,
  apply: "Search",
  filters: "Search and filter accounts",
  empty: "No accounts match this search.",
  yes: "Yes",
  no: "No",
  never: "Never",
  active: "Active",
  disabled: "Disabled",
  actionsOf: (email: string) => `Actions for ${email}`,
  buttons: {
    "resend-verification": "Resend verification",
    disable: "Disable",
    enable: "Re-enable",
    delete: "Delete permanently",
  } satisfies Record<AccountAction, string>,
  deleteDisclosure: "Delete…",
  deleteWarning: "Deletes the account and its personal data. This cannot be undone.",
  buttonLabel: (action: AccountAction, email: string) => `${usersCopy.buttons[action]}: ${email}`,
  failed: "The change was not saved.",
} as const;
