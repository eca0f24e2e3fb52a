import { useId } from 'react';

export interface SegmentedOption<V extends string = string> {
  value: V;
  /** Translated label. */
  label: string;
  /** Tone when selected: `up`/`down` colour buy long / sell short by the user's up-down convention. */
  tone?: 'default' | 'up' | 'down';
  disabled?: boolean;
}

export interface SegmentedControlProps<V extends string = string> {
  options: ReadonlyArray<SegmentedOption<V>>;
  value: V;
  onChange: (value: V) => void;
  /** Translated accessible name of the group (e.g. "Order type"). */
  label: string;
  /** Show the label visibly above the control (forms), or keep it for screen readers only. */
  showLabel?: boolean;
  name?: string;
}

/**
 * A small exclusive choice (limit / market, long / short, chart period). Built on native radio
 * inputs so keyboard and screen readers work without extra code.
 */
export function SegmentedControl<V extends string>({
  options,
  value,
  onChange,
  label,
  showLabel,
  name,
}: SegmentedControlProps<V>) {
  const autoName = useId();
  const group = name ?? autoName;
  return (
    <fieldset className="ds-segmented">
      <legend className={showLabel ? 'ds-segmented__legend' : 'ds-visually-hidden'}>{label}</legend>
      <div className="ds-segmented__track">
        {options.map((o) => {
          const checked = o.value === value;
          const cls = [
            'ds-segmented__option',
            checked ? 'ds-segmented__option--checked' : '',
            o.tone && o.tone !== 'default' ? `ds-segmented__option--${o.tone}` : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <label key={o.value} className={cls}>
              <input
                type="radio"
                className="ds-visually-hidden"
                name={group}
                value={o.value}
                checked={checked}
                disabled={o.disabled}
                onChange={() => onChange(o.value)}
              />
              <span>{o.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
