/**
 * antd's icons carry their English file name as accessible name (`<span role="img" aria-label="eye">`),
 * also inside antd's own components (select arrows, date pickers, progress ticks), so a screen reader
 * reads "eye Exportar CSV" or "check-circle". `spanishIconNames()` watches the page (decision 0172):
 * an icon beside a text or inside a named control becomes decorative (`aria-hidden`); an icon that
 * stands alone gets its Spanish name from ICON_NAMES, or is hidden when it only decorates.
 */
export const ICON_NAMES: Record<string, string> = {
  'arrow-down': 'Bajó',
  'arrow-up': 'Subió',
  'arrow-left': 'Volver',
  'check-circle': 'Completado',
  check: 'Hecho',
  'clock-circle': 'Pendiente',
  'close-circle': 'Error',
  close: 'Cerrar',
  'exclamation-circle': 'Advertencia',
  'info-circle': 'Información',
  'question-circle': 'Ayuda',
  loading: 'Cargando',
  delete: 'Eliminar',
  edit: 'Editar',
  eye: 'Ver',
  'eye-invisible': 'Ocultar',
  search: 'Buscar',
  reload: 'Recargar',
  download: 'Descargar',
  upload: 'Subir',
  printer: 'Imprimir',
  'file-pdf': 'PDF',
  plus: 'Agregar',
  'minus-circle': 'Quitar',
  left: 'Anterior',
  right: 'Siguiente',
  'double-left': 'Anteriores',
  'double-right': 'Siguientes',
  'menu-fold': 'Ocultar menú',
  'menu-unfold': 'Mostrar menú',
  logout: 'Cerrar sesión',
  environment: 'Ubicación',
  calendar: 'Calendario',
  'swap-right': 'hasta',
  star: 'Estrella',
  stop: 'Detenido',
  link: 'Enlace',
};

/** What to do with one icon: hide it, or name it in Spanish. Pure, for tests. */
export function iconTreatment(
  name: string,
  context: { inNamedControl: boolean; besideText: boolean },
): { hide: true } | { hide: false; label: string } {
  if (context.inNamedControl || context.besideText) return { hide: true };
  const label = ICON_NAMES[name];
  return label ? { hide: false, label } : { hide: true };
}

/** antd's own names are its icons' file names (`eye-invisible`); a name our code gave (`Mostrar contraseña`) is kept. */
export const isAntdIconName = (name: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name);

const CONTROL = 'button, a, [role="button"], [role="menuitem"], [role="tab"], [role="checkbox"], [role="switch"], label';

/** The button of a search field: named for what it does, not "Buscar", which names each page's search form button. */
export const SEARCH_FIELD_BUTTON_NAME = 'Aplicar la búsqueda';

function treat(icon: HTMLElement) {
  const name = icon.getAttribute('data-icon-name') ?? icon.getAttribute('aria-label');
  if (!name || !isAntdIconName(name)) return;
  icon.setAttribute('data-icon-name', name);
  const control = icon.parentElement?.closest<HTMLElement>(CONTROL) ?? null;
  if (control?.classList.contains('ant-input-search-btn') && !control.getAttribute('aria-label') && !(control.textContent ?? '').trim())
    control.setAttribute('aria-label', SEARCH_FIELD_BUTTON_NAME);
  const text = (el: Element | null) => (el?.textContent ?? '').trim();
  const inNamedControl = Boolean(
    control && (control.getAttribute('aria-label') || control.getAttribute('aria-labelledby') || text(control)),
  );
  const besideText = !control && Boolean(text(icon.parentElement));
  const t = iconTreatment(name, { inNamedControl, besideText });
  if (t.hide) {
    icon.setAttribute('aria-hidden', 'true');
    icon.removeAttribute('aria-label');
  } else {
    icon.removeAttribute('aria-hidden');
    icon.setAttribute('aria-label', t.label);
  }
}

const SELECTOR = 'span.anticon[role="img"]';

/** Starts watching `root` (the document body) and fixes every icon already there or added later. */
export function spanishIconNames(root: HTMLElement = document.body): MutationObserver {
  const fixAll = (node: ParentNode) => {
    for (const el of node.querySelectorAll<HTMLElement>(SELECTOR)) treat(el);
  };
  fixAll(root);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof HTMLElement && r.target.matches(SELECTOR)) {
        // React or antd set the English name again: fix it unless it is ours.
        const label = r.target.getAttribute('aria-label');
        if (label && !Object.values(ICON_NAMES).includes(label)) {
          r.target.setAttribute('data-icon-name', label);
          treat(r.target);
        }
        continue;
      }
      for (const n of r.addedNodes) if (n instanceof HTMLElement) n.matches(SELECTOR) ? treat(n) : fixAll(n);
      // Text added beside an icon, or a control gaining a name, changes the treatment of its icons.
      if (r.target instanceof HTMLElement) for (const el of r.target.querySelectorAll<HTMLElement>(`:scope > ${SELECTOR}`)) treat(el);
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  return observer;
}
