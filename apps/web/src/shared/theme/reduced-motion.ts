/**
 * Whether the reader asked the system for less motion (WCAG 2.3.3, `prefers-reduced-motion`). Read once when the
 * theme is built: antd's `motion: false` then turns off its opening, closing and sliding animations (drawers,
 * dropdowns, modals, collapses, tab ink), which otherwise run on every interaction.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
