import { describe, expect, it } from 'vitest';
import { useAdminApi } from '../../../test/admin-api.js';

const api = useAdminApi();
const { call } = api;

describe('POST /api/admin/preview', () => {
  it('renders Markdown exactly as candidates will see it, sanitised', async () => {
    const res = await call('POST', '/preview', { content: '## Hi\n\n$x^2$ <img src=x onerror=alert(1)>' });
    expect(res.statusCode).toBe(200);
    const { html } = res.json();
    expect(html).toContain('<h2 id="hi">Hi</h2>');
    expect(html).toContain('class="katex"');
    expect(html).not.toMatch(/onerror/);
  });
});
