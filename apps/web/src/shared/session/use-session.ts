import type { AgencyModule, MeResponse } from '@travesia/contracts';
import { useContext } from 'react';
import { SessionContext, type SessionValue } from './session-context';

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in user, for pages under the admin layout (which only renders them once signed in). */
export function useMe(): MeResponse & { modules: AgencyModule[] } {
  const { state } = useSession();
  if (state.status !== 'authenticated') throw new Error('useMe outside a signed-in page');
  return { ...state.me, modules: state.modules };
}
