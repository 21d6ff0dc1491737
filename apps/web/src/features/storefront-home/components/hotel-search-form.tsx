import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { isoDay, resultsPath, type SearchValues, searchErrors } from '../search-values';
import { ChildrenFields } from './children-fields';
import { DestinationCombobox } from './destination-combobox';

const ADULTS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The storefront's hotel search with native controls: destination (combobox), check-in and check-out
 * dates, adults and children's ages (one room). It opens the results page `/s/{slug}/hoteles?…`.
 */
export function HotelSearchForm({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const today = isoDay(new Date());
  const [values, setValues] = useState<SearchValues>({ destination: null, start: '', end: '', adults: 2, children: [] });
  const [errors, setErrors] = useState<ReturnType<typeof searchErrors>>({});
  const set = <K extends keyof SearchValues>(k: K, v: SearchValues[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    if (k in errors) setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = searchErrors(values, today);
    setErrors(found);
    if (Object.keys(found).length === 0) navigate(resultsPath(slug, values));
  };
  const minEnd = values.start ? isoDay(new Date(`${values.start}T00:00:00`), 1) : isoDay(new Date(), 1);
  return (
    <form className="sf-form" aria-label="Buscar hoteles" noValidate onSubmit={onSubmit}>
      <DestinationCombobox slug={slug} value={values.destination} onChange={(p) => set('destination', p)} error={errors.destination} />
      <div className="sf-field">
        <label htmlFor="sf-start">Entrada</label>
        <input
          id="sf-start"
          type="date"
          min={today}
          value={values.start}
          aria-invalid={errors.start ? true : undefined}
          aria-describedby={errors.start ? 'sf-start-error' : undefined}
          onChange={(e) => set('start', e.target.value)}
        />
        {errors.start && (
          <span id="sf-start-error" className="sf-error">
            {errors.start}
          </span>
        )}
      </div>
      <div className="sf-field">
        <label htmlFor="sf-end">Salida</label>
        <input
          id="sf-end"
          type="date"
          min={minEnd}
          value={values.end}
          aria-invalid={errors.end ? true : undefined}
          aria-describedby={errors.end ? 'sf-end-error' : undefined}
          onChange={(e) => set('end', e.target.value)}
        />
        {errors.end && (
          <span id="sf-end-error" className="sf-error">
            {errors.end}
          </span>
        )}
      </div>
      <div className="sf-field">
        <label htmlFor="sf-adults">Adultos</label>
        <select id="sf-adults" value={values.adults} onChange={(e) => set('adults', Number(e.target.value))}>
          {ADULTS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <ChildrenFields
        idPrefix="sf-hotel"
        value={values.children}
        maxAge={17}
        error={errors.children}
        onChange={(v) => set('children', v)}
      />
      <button type="submit" className="sf-button">
        Buscar
      </button>
    </form>
  );
}
