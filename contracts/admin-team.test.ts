import { describe, expect, it } from "vitest";
import { AuditQuerySchema } from "./admin-audit";
import { InviteSchema, isLastActiveOwner, teamCall, type TeamMember } from "./admin-team";

describe("the team screen's forms", () => {
  it("name the API call of each intent, with the id kept inside its path segment", () => {
    expect(teamCall({ intent: "invite", email: "a@b.test", role: "editor", id: "" })).toEqual({
      path: "admin/team/invites/",
      body: { email: "a@b.test", role: "editor" },
    });
    expect(teamCall({ intent: "resend", id: "7" })).toEqual({ path: "admin/team/invites/7/resend/", body: {} });
    expect(teamCall({ intent: "role", id: "3", role: "support" })).toEqual({ path: "admin/team/admins/3/role/", body: { role: "support" } });
    expect(teamCall({ intent: "remove", id: "../../x" })?.path).toBe("admin/team/admins/..%2F..%2Fx/remove/");
    expect(teamCall({ intent: "drop-table" })).toBeUndefined();
  });

  it("reads an invitation's address in lower case and refuses an unknown role", () => {
    expect(InviteSchema.parse({ email: " Asha@HimalTech.TEST ", role: "owner" })).toEqual({ email: "asha@himaltech.test", role: "owner" });
    expect(InviteSchema.safeParse({ email: "asha@himaltech.test", role: "admin" }).success).toBe(false);
  });
});

describe("the audit log's filters", () => {
  it("treat empty fields as no filter and refuse a range that ends before it starts", () => {
    expect(AuditQuerySchema.parse({ who: "", action: "", from: "", to: "" })).toEqual({ page: 1, per_page: 20 });
    expect(AuditQuerySchema.parse({ from: "2026-01-01", to: "2026-01-01" })).toMatchObject({ from: "2026-01-01", to: "2026-01-01" });
    expect(AuditQuerySchema.safeParse({ from: "2026-02-01", to: "2026-01-01" }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ from: "01/02/2026" }).success).toBe(false);
  });
});

describe("the last active owner", () => {
  const member = (id: number, role: TeamMember["role"], active = true): TeamMember => ({
    id,
    username: `admin${id}`,
    email: `admin${id}@himaltech.test`,
    role,
    active,
    two_factor: false,
    last_login_at: null,
    created_at: "2026-01-01T00:00:00.000Z",
  });

  it("is the one active owner, whom the team screen offers no change the server would refuse", () => {
    const team = [member(1, "owner"), member(2, "owner", false), member(3, "support")];
    expect(team.map((admin) => isLastActiveOwner(admin, team))).toEqual([true, false, false]);
    const twoOwners = [member(1, "owner"), member(2, "owner")];
    expect(twoOwners.map((admin) => isLastActiveOwner(admin, twoOwners))).toEqual([false, false]);
  });
});
