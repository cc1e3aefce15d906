import type { Counter } from '../figures';

/**
 * The headline figures across the top. A value that changes is a new element (keyed by the value),
 * so it flashes once; the row always holds the same number of nodes.
 */
export default function Counters({ counters }: { counters: Counter[] }) {
  return (
    <dl className="screen-counters" aria-label="核心指标">
      {counters.map((c) => (
        <div key={c.key} className={`screen-counter screen-tone-${c.tone}`} data-counter={c.key}>
          <dt>{c.label}</dt>
          <dd>
            <span className="screen-counter-value" key={c.value}>
              {c.value}
            </span>
            {c.unit ? <small>{c.unit}</small> : null}
          </dd>
          <dd className="screen-counter-note">{c.note}</dd>
        </div>
      ))}
    </dl>
  );
}
