import type { AgencyModule, LoginResponse, MeResponse } from '@travesia/contracts';
import { createContext } from 'react';
import type { ApiError } from '../../lib/api';

export type SessionState =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'error'; error: ApiError | Error; retry: () => void }
  | { status: 'authenticated'; me: MeResponse; modules: AgencyModule[] };

export interface SessionValue {
  state: SessionState;
  /** Keeps the token (persistent cookie when `remember`) and the answer of the login call. */
  signIn: (res: LoginResponse, remember: boolean) => void;
  /** Forgets the token and every cached answer. */
  signOut: () => void;
}

export const SessionContext = createContext<SessionValue | null>(null);
