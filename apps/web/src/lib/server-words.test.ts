import type { Language } from '@abhyas/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as I18n from '@/i18n/i18n';
import { loadMessageLanguage } from './message-language';
import { serverWords } from './server-words';

const ui = vi.hoisted(() => ({ language: 'en' as Language }));
vi.mock('@/i18n/i18n', async (original) => ({ ...(await original<typeof I18n>()), getLocale: () => ui.language }));

// The Hindi of the messages loads when the app is first shown in Hindi.
beforeAll(() => loadMessageLanguage('hi'));

afterEach(() => {
  ui.language = 'en';
});

describe('serverWords', () => {
  it("says the server's reasons in the UI's language", () => {
    expect(serverWords('Registration closed when the contest started')).toBe('Registration closed when the contest started');
    ui.language = 'hi';
    expect(serverWords('Registration closed when the contest started')).toBe('प्रतियोगिता शुरू होते ही पंजीकरण बंद हो गया');
    expect(serverWords('This contest was cancelled: Paper leaked')).toBe('यह प्रतियोगिता रद्द कर दी गई: Paper leaked');
    expect(serverWords('Challenges open when the contest ends')).toBe('प्रतियोगिता समाप्त होने पर चुनौतियाँ खुलती हैं');
    expect(serverWords(null)).toBeNull();
  });
});
