import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { isoDay, type TicketSearchValues, ticketResultsPath, ticketSearchErrors } from '../search-values';
import { ChildrenFields } from './children-fields';
import { DestinationCombobox } from './destination-combobox';

const PEOPLE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The storefront's ticket and activity search with native controls (decision 0530): destination, the
 * activity's day, adults and children's ages. It opens the results page `/s/{slug}/tickets?…`.
 */
export function TicketSearchForm({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const today = isoDay(new Date());
  const [values, setValues] = useState<TicketSearchValues>({ destination: null, date: '', adults: 2, children: [] });
  const [errors, setErrors] = useState<ReturnType<typeof ticketSearchErrors>>({});
  const set = <K extends keyof TicketSearchValues>(k: K, v: TicketSearchValues[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    if (k in errors) setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = ticketSearchErrors(values, today);
    setErrors(found);
    if (Object.keys(found).length === 0) navigate(ticketResultsPath(slug, values));
  };
  return (
    <form className="sf-form" aria-label="Buscar tickets" noValidate onSubmit={onSubmit}>
      <DestinationCombobox slug={slug} value={values.destination} onChange={(p) => set('destination', p)} error={errors.destination} />
      <div className="sf-field">
        <label htmlFor="sf-ticket-date">Día de la actividad</label>
        <input
          id="sf-ticket-date"
          type="date"
          min={today}
          value={values.date}
          aria-invalid={errors.date ? true : undefined}
          aria-describedby={errors.date ? 'sf-ticket-date-error' : undefined}
          onChange={(e) => set('date', e.target.value)}
        />
        {errors.date && (
          <span id="sf-ticket-date-error" className="sf-error">
            {errors.date}
          </span>
        )}
      </div>
      <div className="sf-field">
        <label htmlFor="sf-ticket-adults">Adultos</label>
        <select id="sf-ticket-adults" value={values.adults} onChange={(e) => set('adults', Number(e.target.value))}>
          {PEOPLE.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <ChildrenFields
        idPrefix="sf-ticket"
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
