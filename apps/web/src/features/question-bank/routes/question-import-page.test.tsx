import type { QuestionImportReport } from '@abhyas/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { chooseFile, click, getButton, getByLabel, renderRoutes, selectOption, typeInto, waitFor } from '@/testing/render';
import { QuestionImportPage } from './question-import-page';

const routes = [{ path: '/admin/questions/import', Component: QuestionImportPage }];

/** The report for a GIFT file without $CATEGORY, imported under "SSC/Quant"; the stem as the import stores it. */
function report(dryRun: boolean, category: string | null): QuestionImportReport {
  return {
    format: 'gift',
    dryRun,
    imported: 1,
    duplicates: 2,
    images: 0,
    skipped: [],
    errors: [],
    byType: { single: 3 },
    preview: [{ position: { line: 1 }, type: 'single', stem: "Grant is \\_\\_\\_\\_\\_ in Grant's tomb.", options: 3, category, languages: ['en'] }],
  };
}

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

describe('question import page', () => {
  it('sends the default category with the preview and the import, and shows stems as readers see them', async () => {
    const net = fakeApi({
      'POST /api/admin/questions/import': ({ query }) => ({ body: report(query.get('dryRun') === 'true', query.get('category')) }),
    });
    page = await renderRoutes(routes, '/admin/questions/import');
    const { container } = page;

    chooseFile(getByLabel(container, 'Question file'), new File(["Grant is {~buried =entombed ~living} in Grant's tomb."], 'grant.gift'));
    typeInto(getByLabel(container, 'Default category'), ' SSC/Quant ');
    click(getButton(container, 'Preview'));

    const table = await waitFor(() => {
      const found = container.querySelector('table');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(net.calls('POST /api/admin/questions/import')[0]?.query.toString()).toBe('category=SSC%2FQuant&fileName=grant.gift&dryRun=true');
    const cells = [...table.querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(cells).toContain("Grant is _____ in Grant's tomb.");
    expect(cells).toContain('SSC/Quant');
    expect(container.textContent).toContain('Duplicates2Already in the bank or repeated in the file: not added again');

    click(getButton(container, 'Import 1 questions'));
    await waitFor(() => expect(container.textContent).toContain('Import finished'));
    expect(net.calls('POST /api/admin/questions/import')[1]?.query.toString()).toBe('category=SSC%2FQuant&fileName=grant.gift&dryRun=false');
    expect(container.textContent).toContain('Imported 1 questions as drafts; 2 already in the bank or repeated in the file were left out.');
  });

  it('sends the language chosen for a file without language markup, and shows each question’s languages', async () => {
    const net = fakeApi({
      'POST /api/admin/questions/import': () => {
        const found = report(true, null);
        return { body: { ...found, preview: [{ ...found.preview[0]!, languages: ['en', 'hi'] }] } };
      },
    });
    page = await renderRoutes(routes, '/admin/questions/import');
    const { container } = page;
    chooseFile(getByLabel(container, 'Question file'), new File(['भारत की राजधानी?\nA) दिल्ली\nB) पटना\nANSWER: A\n'], 'gk.txt'));
    const language = getByLabel<HTMLSelectElement>(container, 'Language of questions without language markup');
    expect([...language.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Detect (Hindi when written in Devanagari)'],
      ['en', 'English'],
      ['hi', 'Hindi'],
    ]);
    selectOption(language, 'hi');
    click(getButton(container, 'Preview'));

    const table = await waitFor(() => {
      const found = container.querySelector('table');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(net.calls('POST /api/admin/questions/import')[0]?.query.toString()).toBe('language=hi&fileName=gk.txt&dryRun=true');
    expect([...table.querySelectorAll('th')].at(-1)?.textContent).toBe('Languages');
    expect([...table.querySelectorAll('tbody td')].at(-1)?.textContent).toBe('English and Hindi');
  });
});
