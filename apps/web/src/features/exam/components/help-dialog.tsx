import { PaletteLegend } from '@/components/exam/palette-legend';
import { ShortcutList } from '@/components/exam/shortcut-list';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { ExamDialog } from './exam-dialog';

/** The keyboard shortcuts and the palette legend, on the exam screen. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ExamDialog
      open={open}
      title={t('exam.help.title')}
      onClose={onClose}
      actions={
        <Button autoFocus onClick={onClose}>
          {t('exam.help.close')}
        </Button>
      }
    >
      <h3 className="font-semibold">{t('exam.intro.keyboard')}</h3>
      <ShortcutList />
      <h3 className="font-semibold">{t('exam.intro.legend')}</h3>
      <PaletteLegend />
    </ExamDialog>
  );
}
