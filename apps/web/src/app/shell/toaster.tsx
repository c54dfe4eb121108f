import { lazy, Suspense } from 'react';
import { useToastsWanted } from '@/lib/toast';

const ToastArea = lazy(() => import('./toast-area'));

/** The toast area, mounted (and sonner loaded) once the first toast is asked for. */
export function Toaster() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
