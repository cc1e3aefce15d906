import { useEffect, useRef } from 'react';

interface FilterChip {
  key: string;
  title: string;
}

/**
 * A row of pill buttons that picks one filter, scrolling sideways on a narrow phone. Unlike
 * antd-mobile's CapsuleTabs (plain divs), every pill is a button: reachable by keyboard and
 * announced with its pressed state.
 */
export default function FilterChips({
  label,
  chips,
  value,
  onChange,
}: {
  label: string;
  chips: FilterChip[];
  value: string;
  onChange: (key: string) => void;
}) {
  const active = useRef<HTMLButtonElement>(null);
  // A deep link to a later category: bring its pill into view.
  useEffect(() => {
    active.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [value]);
  return (
    <div className="app-filter-chips" role="group" aria-label={label}>
      {chips.map((chip) => {
        const on = chip.key === value;
        return (
          <button
            type="button"
            key={chip.key}
            ref={on ? active : undefined}
            className={`app-filter-chip${on ? ' app-filter-chip-active' : ''}`}
            aria-pressed={on}
            onClick={() => onChange(chip.key)}
          >
            {chip.title}
          </button>
        );
      })}
    </div>
  );
}
