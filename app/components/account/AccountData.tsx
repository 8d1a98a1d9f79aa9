import { Download, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { account } from "#app/content/account.ts";
import { AccountError, deleteAccount, downloadAccountData } from "#app/lib/api/account-client.ts";

const copy = account.dashboard.data;

/** Saves a blob under its name, as a link the browser downloads would. */
function save({ blob, fileName }: { blob: Blob; fileName: string }) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The privacy rights for a signed-in person, without the mailed confirmation a data request needs:
 * their data at once, and the account deleted with everything held for its address, on their password.
 */
export function AccountData({ onDeleted }: { onDeleted: (message: string) => void }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();

  async function download() {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      save(await downloadAccountData());
    } catch (error) {
      setDownloadError((error instanceof AccountError && error.detail) || copy.downloadFailed);
    }
    setDownloading(false);
  }

  async function remove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDeleting(true);
    setDeleteError(undefined);
    try {
      onDeleted((await deleteAccount(String(new FormData(event.currentTarget).get("password")))).message);
    } catch (error) {
      setDeleteError((error instanceof AccountError && error.detail) || copy.deleteFailed);
      setDeleting(false);
    }
  }

  return (
    <section aria-labelledby="data-title" className="space-y-6 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
      <div>
        <h2 id="data-title" className="text-xl font-bold text-ink-900">
          {copy.title}
        </h2>
        <p className="mt-1 text-sm text-ink-700">{copy.intro}</p>
      </div>
      {downloadError && <Alert tone="error">{downloadError}</Alert>}
      <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
        <Download className="size-4" aria-hidden="true" /> {downloading ? copy.downloading : copy.download}
      </Button>
      <form method="post" onSubmit={remove} aria-labelledby="delete-title" className="space-y-4 border-t border-ink-100 pt-6">
        <h3 id="delete-title" className="text-lg font-bold text-red-800">
          {copy.deleteTitle}
        </h3>
        <p className="text-sm text-ink-700">{copy.deleteIntro}</p>
        {deleteError && <Alert tone="error">{deleteError}</Alert>}
        <Field
          label={copy.deletePassword}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          hint={
            <>
              {copy.noPasswordYet}{" "}
              <Link to="/forgot-password" className="font-semibold text-indigo-700 underline-offset-4 hover:underline">
                {copy.setPassword}
              </Link>
            </>
          }
        />
        <Button type="submit" disabled={deleting} className="bg-red-700 hover:bg-red-800">
          <Trash2 className="size-4" aria-hidden="true" /> {deleting ? copy.deleting : copy.deleteConfirm}
        </Button>
      </form>
    </section>
  );
}
