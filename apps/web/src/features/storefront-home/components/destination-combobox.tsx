import type { StorefrontPlace } from '@travesia/contracts';
import { type KeyboardEvent, useId, useState } from 'react';
import { useDebounced } from '../../../shared/use-debounced';
import { usePlaces } from '../api/search-places';

/**
 * The destination field: an ARIA 1.2 combobox (an input with a list popup) over the storefront's place
 * search. Typing asks for places (3 letters at least); arrows move through the list, Enter or a click
 * picks one, Escape closes it. The picked place is the field's value; typed text alone is not.
 */
export function DestinationCombobox({
  slug,
  value,
  onChange,
  error,
  label = 'Destino',
  placeholder = '¿A dónde viajas?',
  listLabel = 'Destinos',
}: {
  slug: string;
  value: StorefrontPlace | null;
  onChange: (place: StorefrontPlace | null) => void;
  error?: string;
  /** The field's label (a transfer search has two: "Desde" and "Hasta"). */
  label?: string;
  placeholder?: string;
  listLabel?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const keyword = useDebounced(text.trim(), 300);
  const places = usePlaces(slug, keyword);
  const options = keyword.length >= 3 ? (places.data ?? []) : [];
  const listId = `${id}-list`;
  const status =
    text.trim().length < 3
      ? 'Escribe al menos 3 letras'
      : places.isFetching || keyword !== text.trim()
        ? 'Buscando…'
        : options.length === 0
          ? 'Sin resultados'
          : `${options.length} ${options.length === 1 ? 'destino' : 'destinos'}`;
  const expanded = open && options.length > 0;

  const pick = (p: StorefrontPlace) => {
    onChange(p);
    setText(p.label);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter' && expanded && active >= 0 && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="sf-field sf-field-wide">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="sf-combo">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-describedby={`${id}-status${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            if (value) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label={listLabel} className="sf-listbox" hidden={!expanded}>
          {options.map((p, i) => (
            <div
              key={p.id}
              id={`${id}-opt-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={i === active ? 'sf-option sf-option-active' : 'sf-option'}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
            >
              {p.label}
            </div>
          ))}
        </div>
      </div>
      <span id={`${id}-status`} className="sf-visually-hidden" role="status">
        {open && !value ? status : ''}
      </span>
      {error && (
        <span id={`${id}-error`} className="sf-error">
          {error}
        </span>
      )}
    </div>
  );
}
