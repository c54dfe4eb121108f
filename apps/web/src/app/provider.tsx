import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { LoaderOverlay } from './shell/loader-overlay';
import { Toaster } from './shell/toaster';

/** Server-state cache plus the shell pieces that sit above every page. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LoaderOverlay />
      <Toaster />
    </QueryClientProvider>
  );
}
