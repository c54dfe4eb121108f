/** Grey placeholder cards while the first page of blogs loads (the status text is read out instead). */
export function CardSkeletons({ count }: { count: number }) {
  return (
    <ul aria-hidden="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <div className="aspect-[1200/630] animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
          <div className="flex flex-col gap-3 p-5">
            <div className="h-5 w-4/5 rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-4 w-full rounded bg-slate-100 dark:bg-slate-800/70" />
            <div className="h-4 w-2/3 rounded bg-slate-100 dark:bg-slate-800/70" />
          </div>
        </li>
      ))}
    </ul>
  );
}
