/** A small row of tabs: one choice out of a few (payload flavour, workspace, diff mode). */
export interface SegmentedProps<Id extends string> {
  label: string;
  options: ReadonlyArray<{ id: Id; label: string }>;
  value: Id;
  onChange(id: Id): void;
}

export function Segmented<Id extends string>({ label, options, value, onChange }: SegmentedProps<Id>) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="flex rounded border border-slate-300 dark:border-slate-700"
    >
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          role="tab"
          aria-selected={option.id === value}
          className={`px-2 py-0.5 whitespace-nowrap ${option.id === value ? 'bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900' : ''}`}
          onClick={() => onChange(option.id)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
