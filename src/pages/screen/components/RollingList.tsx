import type { CSSProperties, ReactNode } from 'react';

interface RollingListProps<T> {
  /** The list's accessible name. */
  label: string;
  items: T[];
  rowKey: (item: T) => string | number;
  /** The cells of one row. */
  renderRow: (item: T) => ReactNode;
  /** How many rows the panel shows at once; a longer list rolls. */
  visibleRows: number;
  empty: string;
  /** How long each row takes to roll by. */
  secondsPerRow?: number;
}

/**
 * A list that rolls upwards for ever when it holds more rows than fit: the rows are drawn twice and
 * a CSS animation moves the pair by one copy's height, then starts over where it began. No timer,
 * and the number of elements stays what the data gives (at most twice the list) however long it runs.
 */
export default function RollingList<T>({ label, items, rowKey, renderRow, visibleRows, empty, secondsPerRow = 3 }: RollingListProps<T>) {
  const rolls = items.length > visibleRows;
  const rows = (copy: 'a' | 'b') =>
    items.map((item) => (
      <li key={`${copy}-${rowKey(item)}`} className="screen-roll-row">
        {renderRow(item)}
      </li>
    ));
  const style = { '--screen-rows': visibleRows, '--screen-roll-duration': `${items.length * secondsPerRow}s` } as CSSProperties;

  return (
    <div className="screen-roll" style={style}>
      <div className="screen-roll-window">
        {items.length === 0 ? <p className="screen-empty">{empty}</p> : null}
        <div className={`screen-roll-track${rolls ? ' screen-roll-track-rolling' : ''}`}>
          <ul aria-label={label}>{rows('a')}</ul>
          {rolls ? <ul aria-hidden="true">{rows('b')}</ul> : null}
        </div>
      </div>
    </div>
  );
}
