import './controls.css';

export interface ToggleOption<T extends string> {
  value: T;
  label: string;
}

export interface ToggleGroupProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  options: readonly ToggleOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** The id of a text that explains the choice (each button is described by it). */
  describedBy?: string;
  className?: string;
  testId?: string;
}

/** One choice out of a few, as a group of pressed buttons (the chat's modes, the editor's layouts). */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
  describedBy,
  className,
  testId,
}: ToggleGroupProps<T>) {
  return (
    <div className={className ? `cc-toggle-group ${className}` : 'cc-toggle-group'} role="group" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="cc-toggle"
          aria-pressed={value === option.value}
          aria-describedby={describedBy}
          disabled={disabled}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
