import { SerialIdParams } from "./ids";
import { z } from "./zod";

export const AdminLoginSchema = z.object({
  username: z.string().trim().min(1, "Username is required").max(100),
  password: z.string().min(1, "Password is required").max(1024),
});

/** What the admin login answers: `registering` while the device waits for approval, `error` on failure. */
export interface AdminLoginResponse {
  success?: boolean;
  registering?: boolean;
  error?: string;
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
