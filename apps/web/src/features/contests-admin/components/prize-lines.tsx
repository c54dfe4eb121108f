import { PRIZE_KINDS, type PrizeKind } from '@abhyas/contracts';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { newPrize, type PrizeDraft } from '../utils/contest-draft';

/** The prize lines: ranks from–to, what kind, the amount in rupees (cash and vouchers) and a description; add and remove lines. */
export function PrizeLines({ prizes, onChange, errors, max }: { prizes: PrizeDraft[]; onChange: (prizes: PrizeDraft[]) => void; errors: Record<string, string>; max: number }) {
  const edit = (index: number, patch: Partial<PrizeDraft>) => onChange(prizes.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-base font-bold text-slate-900 dark:text-white">{t('contestEditor.prizes.title')}</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('contestEditor.prizes.hint')}</p>
      {errors.prizes && <p className="text-sm font-medium text-red-700 dark:text-red-400">{errors.prizes}</p>}
      <ol className="flex flex-col gap-4">
        {prizes.map((prize, index) => (
          <li key={prize.key} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <p className="text-sm font-semibold">{t('contestEditor.prizes.line', { number: index + 1 })}</p>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <TextField label={t('contestEditor.prizes.from')} type="number" inputMode="numeric" min={1} value={prize.fromRank} onChange={(e) => edit(index, { fromRank: e.target.value })} error={errors[`prizes.${index}.fromRank`]} />
              <TextField label={t('contestEditor.prizes.to')} type="number" inputMode="numeric" min={1} value={prize.toRank} onChange={(e) => edit(index, { toRank: e.target.value })} error={errors[`prizes.${index}.toRank`]} />
              <SelectField
                label={t('contestEditor.prizes.kind')}
                value={prize.kind}
                onChange={(e) => edit(index, { kind: e.target.value as PrizeKind })}
                options={PRIZE_KINDS.map((kind) => ({ value: kind, label: t(`contestEditor.kind.${kind}`) }))}
              />
              <TextField label={t('contestEditor.prizes.amount')} inputMode="decimal" value={prize.amountRupees} onChange={(e) => edit(index, { amountRupees: e.target.value })} error={errors[`prizes.${index}.amount`]} />
            </div>
            <TextField label={t('contestEditor.prizes.description')} value={prize.description} onChange={(e) => edit(index, { description: e.target.value })} error={errors[`prizes.${index}.description`]} />
            <Button variant="danger" className="self-start px-3 text-sm" onClick={() => onChange(prizes.filter((_, i) => i !== index))}>
              {t('contestEditor.prizes.remove', { number: index + 1 })}
            </Button>
          </li>
        ))}
      </ol>
      {prizes.length < max && (
        <Button variant="secondary" className="self-start" onClick={() => onChange([...prizes, newPrize(prizes.at(-1))])}>
          {t('contestEditor.prizes.add')}
        </Button>
      )}
    </fieldset>
  );
}
