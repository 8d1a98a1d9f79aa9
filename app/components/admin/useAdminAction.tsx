import { useState } from "react";
import { useRevalidator } from "react-router";
import { Alert } from "../ui/Alert";

export type AdminNotice = { tone: "success" | "error"; text: string };

/**
 * Runs an admin change from a screen: marks it busy, reloads the screen's data once it is saved,
 * and says what happened, or the server's reason when it failed.
 */
export function useAdminAction(initial?: AdminNotice) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<AdminNotice | undefined>(initial);
  const [busy, setBusy] = useState<string>();

  async function run(key: string, change: () => Promise<unknown>, success: string, fallback = "The change was not saved.") {
    setBusy(key);
    setNotice(undefined);
    try {
      await change();
      await revalidator.revalidate();
      setNotice({ tone: "success", text: success });
    } catch (error) {
      setNotice({
        tone: "error",
        text: error instanceof Error ? error.message : fallback,
      });
    } finally {
      setBusy(undefined);
    }
  }

  const noticeAlert = notice && (
    <Alert tone={notice.tone} className="mb-4" onDismiss={() => setNotice(undefined)}>
      {notice.text}
    </Alert>
  );
  return { run, busy, noticeAlert };
}
