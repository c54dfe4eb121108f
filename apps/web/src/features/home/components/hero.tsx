import { ButtonLink } from '@/components/ui/button-link';
import { TextLink } from '@/components/ui/text-link';
import { t, type MessageKey } from '@/i18n/i18n';

type Action = [to: string, label: MessageKey];

function CallsToAction({ primary, secondary }: { primary: Action; secondary: Action }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <ButtonLink to={primary[0]} className="px-6">
        {t(primary[1])}
      </ButtonLink>
      <ButtonLink to={secondary[0]} variant="secondary" className="px-6">
        {t(secondary[1])}
      </ButtonLink>
    </div>
  );
}

/** What Abhyas is: practice and mock tests for a signed-in candidate, sign-up first for a visitor. */
export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="flex flex-col gap-5 py-4 sm:py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700 dark:text-indigo-300">{t('home.hero.eyebrow')}</p>
      <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
        {t('home.hero.title')}
      </h1>
      <p className="max-w-2xl text-lg leading-8 text-slate-700 dark:text-slate-300">{t('home.hero.body')}</p>
      {signedIn ? (
        <CallsToAction primary={['/practice', 'home.hero.ctaPractice']} secondary={['/tests', 'home.hero.ctaTests']} />
      ) : (
        <div className="flex flex-col gap-4">
          <CallsToAction primary={['/register', 'home.hero.ctaRegister']} secondary={['/login', 'home.hero.ctaSignIn']} />
          <p className="text-slate-700 dark:text-slate-300">
            {t('home.hero.tryLead')} <TextLink to="/practice">{t('home.hero.ctaPractice')}</TextLink> · <TextLink to="/tests">{t('home.hero.ctaTests')}</TextLink>
          </p>
        </div>
      )}
    </section>
  );
}
