import type { ChildAges } from '../search-values';

const COUNTS = [0, 1, 2, 3, 4];

/**
 * How many children travel and each one's age (native selects; an age must be picked), for the ticket and
 * transfer searches. `maxAge`: the oldest a child may be for the product (tickets 17, transfers 12).
 */
export function ChildrenFields({
  idPrefix,
  value,
  maxAge,
  error,
  onChange,
}: {
  idPrefix: string;
  value: ChildAges;
  maxAge: number;
  error?: string;
  onChange: (v: ChildAges) => void;
}) {
  const ages = Array.from({ length: maxAge + 1 }, (_, i) => i);
  return (
    <>
      <div className="sf-field">
        <label htmlFor={`${idPrefix}-children`}>Niños</label>
        <select
          id={`${idPrefix}-children`}
          value={value.length}
          onChange={(e) => {
            const n = Number(e.target.value);
            onChange(Array.from({ length: n }, (_, i) => value[i] ?? ''));
          }}
        >
          {COUNTS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {value.map((age, i) => {
        const id = `${idPrefix}-child-${i + 1}`;
        const missing = Boolean(error) && age === '';
        return (
          <div className="sf-field" key={id}>
            <label htmlFor={id}>Edad del niño {i + 1}</label>
            <select
              id={id}
              value={age}
              aria-invalid={missing ? true : undefined}
              aria-describedby={missing ? `${idPrefix}-children-error` : undefined}
              onChange={(e) => onChange(value.map((a, j) => (j === i ? (e.target.value === '' ? '' : Number(e.target.value)) : a)))}
            >
              <option value="">Elige</option>
              {ages.map((a) => (
                <option key={a} value={a}>
                  {a} {a === 1 ? 'año' : 'años'}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      {error && (
        <span id={`${idPrefix}-children-error`} className="sf-error sf-field-wide">
          {error}
        </span>
      )}
    </>
  );
}
