import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { isoDay, type TransferSearchValues, transferResultsPath, transferSearchErrors, transferTimeLabel } from '../search-values';
import { ChildrenFields } from './children-fields';
import { DestinationCombobox } from './destination-combobox';

const PEOPLE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** A labelled native input with its Spanish error under it. */
function Field({
  id,
  label,
  type,
  value,
  min,
  error,
  onChange,
}: {
  id: string;
  label: string;
  type: 'date' | 'time';
  value: string;
  min?: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="sf-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        min={min}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="sf-error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The storefront's transfer search with native controls (decision 0530): from and to (an airport, a city or an
 * area), the day and time — the flight's arrival from an airport, its departure to one —, optionally the return,
 * adults and children's ages. It opens the results page `/s/{slug}/traslados?…`.
 */
export function TransferSearchForm({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const today = isoDay(new Date());
  const [values, setValues] = useState<TransferSearchValues>({
    from: null,
    to: null,
    date: '',
    time: '',
    roundTrip: false,
    returnDate: '',
    returnTime: '',
    adults: 2,
    children: [],
  });
  const [errors, setErrors] = useState<ReturnType<typeof transferSearchErrors>>({});
  const set = <K extends keyof TransferSearchValues>(k: K, v: TransferSearchValues[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    if (k in errors) setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = transferSearchErrors(values, today);
    setErrors(found);
    if (Object.keys(found).length === 0) navigate(transferResultsPath(slug, values));
  };
  return (
    <form className="sf-form" aria-label="Buscar traslados" noValidate onSubmit={onSubmit}>
      <DestinationCombobox
        slug={slug}
        label="Desde"
        listLabel="Lugares de origen"
        placeholder="Aeropuerto, ciudad o zona"
        value={values.from}
        onChange={(p) => set('from', p)}
        error={errors.from}
      />
      <DestinationCombobox
        slug={slug}
        label="Hasta"
        listLabel="Lugares de destino"
        placeholder="Aeropuerto, ciudad o zona"
        value={values.to}
        onChange={(p) => set('to', p)}
        error={errors.to}
      />
      <Field
        id="sf-transfer-date"
        label="Fecha"
        type="date"
        min={today}
        value={values.date}
        error={errors.date}
        onChange={(v) => set('date', v)}
      />
      <Field
        id="sf-transfer-time"
        label={transferTimeLabel(values.from, values.to)}
        type="time"
        value={values.time}
        error={errors.time}
        onChange={(v) => set('time', v)}
      />
      <div className="sf-field sf-field-wide sf-check">
        <input id="sf-transfer-return" type="checkbox" checked={values.roundTrip} onChange={(e) => set('roundTrip', e.target.checked)} />
        <label htmlFor="sf-transfer-return">Ida y regreso</label>
      </div>
      {values.roundTrip && (
        <>
          <Field
            id="sf-transfer-return-date"
            label="Fecha del regreso"
            type="date"
            min={values.date || today}
            value={values.returnDate}
            error={errors.returnDate}
            onChange={(v) => set('returnDate', v)}
          />
          <Field
            id="sf-transfer-return-time"
            label={`${transferTimeLabel(values.to, values.from)} (regreso)`}
            type="time"
            value={values.returnTime}
            error={errors.returnTime}
            onChange={(v) => set('returnTime', v)}
          />
        </>
      )}
      <div className="sf-field">
        <label htmlFor="sf-transfer-adults">Adultos</label>
        <select id="sf-transfer-adults" value={values.adults} onChange={(e) => set('adults', Number(e.target.value))}>
          {PEOPLE.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <ChildrenFields
        idPrefix="sf-transfer"
        value={values.children}
        maxAge={12}
        error={errors.children}
        onChange={(v) => set('children', v)}
      />
      <button type="submit" className="sf-button">
        Buscar
      </button>
    </form>
  );
}
