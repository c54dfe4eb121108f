import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface AuthCardProps {
  title: string;
  intro: string;
  footer: ReactNode;
  children: ReactNode;
}

/** The narrow centred card that holds the sign-in and registration forms. */
export function AuthCard({ title, intro, footer, children }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md py-2 sm:py-8">
      <Card className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          <p className="text-slate-600 dark:text-slate-400">{intro}</p>
        </div>
        {children}
      </Card>
      <div className="mt-6 text-center text-slate-700 dark:text-slate-300">{footer}</div>
    </div>
  );
}
