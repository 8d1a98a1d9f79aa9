// eslint-disable-next-line no-restricted-imports -- every element that points to this id renders with it here, so the server's and the browser's ids never meet (decision 023)
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const control =
  "block w-full rounded-xl border-0 bg-white px-4 py-3 text-ink-900 shadow-sm ring-1 ring-inset ring-ink-200 placeholder:text-ink-600/70 " +
  "transition-shadow duration-150 focus:ring-2 focus:ring-indigo-600 focus:outline-none disabled:bg-ink-100 aria-[invalid=true]:ring-red-600";

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

type Controls =
  | ({ as?: "input" } & InputHTMLAttributes<HTMLInputElement>)
  | ({ as: "textarea" } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  | ({ as: "select"; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>);

/** A labelled form control with its hint and error tied to it for screen readers. */
export function Field({ label, error, hint, className = "", ...props }: FieldProps & Controls) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  // The error's place is always there, empty until there is one, so the control's description never
  // changes: the id the server gave it stays the one the browser uses (decision 023).
  const errorId = `${id}-error`;
  const described = hintId ? `${hintId} ${errorId}` : errorId;
  const shared = { id, "aria-invalid": error ? true : undefined, "aria-describedby": described, className: control };

  let input: ReactNode;
  if (props.as === "textarea") {
    const { as: _as, ...rest } = props;
    input = <textarea {...rest} {...shared} />;
  } else if (props.as === "select") {
    const { as: _as, children, ...rest } = props;
    input = (
      <select {...rest} {...shared}>
        {children}
      </select>
    );
  } else {
    const { as: _as, ...rest } = props;
    input = <input {...rest} {...shared} />;
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-900">
        {label}
        {props.required && (
          <span className="text-crimson-600" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {input}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-ink-700">
          {hint}
        </p>
      )}
      <p id={errorId} className={error ? "mt-1.5 text-sm text-red-700" : undefined}>
        {error}
      </p>
    </div>
  );
}
