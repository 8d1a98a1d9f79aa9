import { CircleAlert, RotateCw } from "lucide-react";
import { Button } from "#app/components/ui/Button.tsx";

/** What a careers page shows when its data could not be read: the problem and a way to try again. */
export function LoadError({ heading, message, retry }: { heading: string; message: string; retry: string }) {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-card bg-red-50 p-8 text-center ring-1 ring-red-200">
      <CircleAlert className="mx-auto size-10 text-red-700" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-bold text-red-900">{heading}</h2>
      <p className="mt-2 text-red-900">{message}</p>
      <Button variant="secondary" className="mt-6" onClick={() => window.location.reload()}>
        <RotateCw className="size-4" aria-hidden="true" />
        {retry}
      </Button>
    </div>
  );
}
