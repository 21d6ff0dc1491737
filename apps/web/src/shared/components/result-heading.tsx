import type { ReactNode } from 'react';

/** A Result title that is also the page's heading for screen readers, in the Result's own style. */
export function ResultHeading({ children }: { children: ReactNode }) {
  return <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{children}</h1>;
}
