import { z } from "zod";
import { COMMAND_LINE } from "../modules/admin/service";
import { AdminRoleSchema } from "#contracts/admin-team.ts";
import type { Services } from "../services";
import type { DatabaseHandle } from "../db/client";
import { backupEmbedded, describeBackup } from "../db/backup";

/** What the admin CLI can ask; the same shape travels over the control socket to a running server. */
export const AdminCommandSchema = z.discriminatedUnion("name", [
  z.object({ name: z.literal("create-admin"), username: z.string(), email: z.string(), password: z.string(), role: AdminRoleSchema.optional() }),
  z.object({ name: z.literal("devices-list") }),
  z.object({ name: z.literal("devices-decide"), id: z.number().int().positive(), decision: z.enum(["approve", "revoke"]) }),
  z.object({ name: z.literal("unlock"), account: z.string().trim().min(1).max(254) }),
  z.object({ name: z.literal("two-factor-off"), username: z.string().trim().min(1).max(100) }),
  // An absolute path: the server that writes it may have started in another folder.
  z.object({ name: z.literal("backup"), file: z.string().startsWith("/").max(4096) }),
]);
export type AdminCommand = z.infer<typeof AdminCommandSchema>;

/** What a command runs against: the site's services and the database they use. */
export interface AdminCommandContext {
  services: Services;
  database: DatabaseHandle;
}

/** Runs one command and returns what to print. */
export async function runAdminCommand({ services, database }: AdminCommandContext, command: AdminCommand): Promise<string> {
  switch (command.name) {
    case "create-admin": {
      // The first admin runs the team (invites, roles, device approvals): without an owner nobody could.
      const first = !(await services.admin.hasAdmins());
      const admin = await services.admin.createAdmin({ ...command, role: first ? "owner" : command.role });
      const overruled =
        first && command.role && command.role !== "owner"
          ? ` The first admin is always an owner, so that someone can run the team; --role ${command.role} was not used (an owner can change roles on the Team screen once there is another owner).`
          : "";
      return `Created admin ${admin.username} <${admin.email}> with the role ${admin.role}.${overruled} Their first sign-in from each browser needs approval (mail, the devices screen or this CLI).`;
    }
    case "devices-list": {
      const devices = await services.admin.listDevices();
      if (devices.length === 0) return "No devices yet.";
      const rows = devices.map((d) => [String(d.id), d.username, d.status, d.browser, d.ip, d.createdAt.toISOString()]);
      const header = ["ID", "ADMIN", "STATUS", "BROWSER", "IP", "FIRST SEEN"];
      const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
      return [header, ...rows]
        .map((row) =>
          row
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join("  ")
            .trimEnd(),
        )
        .join("\n");
    }
    case "devices-decide": {
      await services.admin.decide(command.id, command.decision);
      return `Device ${command.id} ${command.decision === "approve" ? "approved" : "revoked"}.`;
    }
    case "unlock": {
      const admins = await services.admin.unlock(command.account);
      const siteAccount = await services.accounts.unlock(command.account);
      const unlocked = [...admins.map((username) => `admin ${username}`), ...(siteAccount ? [`site account ${siteAccount}`] : [])];
      return unlocked.length > 0
        ? `Cleared the failed sign-ins of ${unlocked.join(" and ")}.`
        : `No admin or site account is named ${command.account}; any failed sign-ins recorded for that name were cleared.`;
    }
    case "two-factor-off": {
      const username = await services.admin.twoFactor.turnOffFor(command.username, COMMAND_LINE);
      if (!username) throw new Error(`No admin is named ${command.username}.`);
      return `Turned off two-factor sign-in for ${username}. They sign in with their password, and can set it up again on My account.`;
    }
    case "backup":
      return describeBackup(await backupEmbedded(database, command.file));
  }
}
