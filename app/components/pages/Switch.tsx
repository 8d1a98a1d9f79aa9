interface SwitchProps {
  checked: boolean;
  onChange?: (checked: boolean) => void;
  /** The id of the element that names the switch. */
  labelledBy: string;
  onLabel: string;
  offLabel: string;
  disabled?: boolean;
}

/** An on/off switch (role="switch") that also says its state in words beside it. */
export function Switch({ checked, onChange, labelledBy, onLabel, offLabel, disabled = false }: SwitchProps) {
  return (
    <div className="flex items-center gap-3">
      <span className={`text-sm font-semibold ${checked ? "text-emerald-800" : "text-ink-700"}`} aria-hidden="true">
        {checked ? onLabel : offLabel}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelledBy}
        disabled={disabled}
        onClick={() => onChange?.(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors duration-200 ease-out disabled:cursor-not-allowed ${
          checked ? "bg-emerald-600" : "bg-ink-300"
        } ${disabled ? "opacity-70" : ""}`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform duration-200 ease-out ${checked ? "translate-x-6" : "translate-x-1"}`}
        />
      </button>
    </div>
  );
}
