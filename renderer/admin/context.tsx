import { createContext, useContext } from 'react';
import type { ApiClient } from './api';
import type { Bootstrap } from './bootstrap';

export interface AppContext {
  api: ApiClient;
  boot: Bootstrap;
  liveMode: boolean;
  setLiveMode(v: boolean): void;
  navigate(path: string): void;
  route: { page: string; params: URLSearchParams };
}

export const Ctx = createContext<AppContext | null>(null);
export function useApp(): AppContext {
  const c = useContext(Ctx);
  if (!c) throw new Error('no app context');
  return c;
}
