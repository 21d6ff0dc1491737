import { imageUrl, setDisplayTimeZone } from '@travesia/contracts';
import { ConfigProvider } from 'antd';
import { Fragment, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useSession } from '../../shared/session/use-session';
import { agencyThemeConfig } from '../../shared/theme/agency-theme';

/**
 * Applies the signed-in agency's settings to the whole shell (issue 16): its theme and colour (antd
 * ConfigProvider), its favicon, and its time zone for every date the pages format. The session's
 * `branding` comes with GET /api/user, so a change reaches every user of the agency at their next load.
 */
export function AgencyBranding({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const branding = state.status === 'authenticated' ? (state.me.branding ?? null) : null;
  const config = useMemo(() => agencyThemeConfig(branding), [branding]);
  const timeZone = branding?.timeZone;
  // Set before the pages render, so their first paint already uses the agency's zone.
  setDisplayTimeZone(timeZone);
  // The first zone the session brings is not a change: remounting then would wipe what the user is typing.
  const firstZone = useRef<string | undefined>(undefined);
  if (firstZone.current === undefined && timeZone) firstZone.current = timeZone;
  const zoneKey = timeZone && timeZone !== firstZone.current ? timeZone : 'session';

  const favicon = branding?.favicon ?? null;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]') ?? document.head.appendChild(document.createElement('link'));
    if (!link.rel) link.rel = 'icon';
    const original = link.dataset.original ?? link.getAttribute('href') ?? '';
    link.dataset.original = original;
    link.href = favicon ? imageUrl(favicon, 320) : original;
  }, [favicon]);

  return (
    <ConfigProvider theme={config}>
      {/* A zone changed during the session re-renders every page (cached answers are formatted again). */}
      <Fragment key={zoneKey}>{children}</Fragment>
    </ConfigProvider>
  );
}
