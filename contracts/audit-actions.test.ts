import { describe, expect, it } from "vitest";
import { auditActionLabel, auditActorLabel, describeAuditEntry, type AuditFacts } from "./audit-actions";

const said = (action: string, detail: Record<string, unknown> = {}, who = "sita", self = false) =>
  describeAuditEntry({ action, who, detail, self } satisfies AuditFacts);

describe("the audit log in words", () => {
  it("says what happened rather than the stored code, with the names the entry kept", () => {
    expect(said("invite.created", { email: "kiran@himaltech.test", role: "editor" })).toBe("Invited kiran@himaltech.test as Editor");
    expect(said("invite.accepted", { username: "kiran", role: "editor" }, "kiran")).toBe("Joined the team as Editor, through an invitation");
    expect(said("admin.recovery_code_used", { codes_left: 9 })).toBe("Signed in with a recovery code (9 codes left)");
    expect(said("admin.recovery_code_used", { codes_left: 1 })).toBe("Signed in with a recovery code (1 code left)");
    expect(said("admin.role_changed", { username: "kiran", from: "editor", to: "owner" })).toBe("Changed the role of kiran from Editor to Owner");
    expect(said("admin.two_factor_off", { username: "sita" }, "sita", true)).toBe("Turned off two-factor sign-in");
    expect(said("admin.two_factor_off", { username: "sita" }, "command line")).toBe("Turned off two-factor sign-in for sita");
    expect(said("post.updated", { title: "Edge AI" })).toBe("Edited the post “Edge AI”");
    expect(said("application.interview", { name: "Pema" })).toBe("Moved the application of Pema to Interview");
    expect(said("enquiry.spam")).toBe("Marked an enquiry as spam");
    expect(said("export.csv", { rows: 12, range: "7d" })).toBe("Exported data as CSV (12 rows, 7d)");
  });

  it("says who approved a device and how: whose mailed link, the command line or the Devices screen", () => {
    expect(said("device.approved", { username: "kiran", via: "link" }, "sita")).toBe("Approved a new device for kiran (by the link mailed to sita)");
    expect(said("device.approved", { username: "kiran", via: "link" }, "approval link")).toBe(
      "Approved a new device for kiran (by the approval link mailed to the owners)",
    );
    expect(said("device.approved", { username: "kiran", via: "command_line" }, "command line")).toBe("Approved a new device for kiran (from the command line)");
    expect(said("device.approved", { username: "kiran", via: "screen" })).toBe("Approved a new device for kiran (on the Devices screen)");
    expect(said("device.revoked", { username: "kiran", via: "link" })).toBe("Rejected a new device for kiran (by the link mailed to sita)");
    // An entry written before they kept the device's admin and the way: still words, from who acted.
    expect(said("device.approved", { admin_id: 3 }, "approval link")).toBe("Approved a new device (by the approval link mailed to the owners)");
    expect(auditActorLabel("approval link")).toBe("Mailed approval link");
    expect(auditActorLabel("sita")).toBe("sita");
  });

  it("names every action for the filter, an unknown code too, never as the code itself", () => {
    expect(auditActionLabel("invite.created")).toBe("Invitation sent");
    expect(auditActionLabel("admin.recovery_code_used")).toBe("Signed in with a recovery code");
    expect(auditActionLabel("application.offer")).toBe("Application moved to offer");
    expect(auditActionLabel("subscriber.imported_again")).toBe("Subscriber imported again");
    expect(said("subscriber.imported_again")).toBe("Subscriber imported again");
  });
});
